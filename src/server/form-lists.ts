// Forms without JavaScript post a row for every option, ticked or not (`blockers[3].reflection`
// for an unticked blocker). This keeps only the rows whose key field was ticked, renumbered.
export function keepTickedRows(formData: FormData, list: string, key: string): FormData {
  const rowPattern = new RegExp(`^${list}\\[(\\d+)\\]\\.(.+)$`);
  const ticked = new Set<string>();
  for (const [name, value] of formData) {
    const match = rowPattern.exec(name);
    if (match && match[2] === key && typeof value === 'string' && value !== '') ticked.add(match[1]!);
  }
  const renumbered = new Map([...ticked].sort((a, b) => Number(a) - Number(b)).map((index, i) => [index, i]));
  const result = new FormData();
  for (const [name, value] of formData) {
    const match = rowPattern.exec(name);
    if (!match) result.append(name, value);
    else if (renumbered.has(match[1]!)) result.append(`${list}[${renumbered.get(match[1]!)}].${match[2]}`, value);
  }
  return result;
}
