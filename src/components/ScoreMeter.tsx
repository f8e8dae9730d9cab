// A score out of 100 drawn as a meter: the check-in consistency and each daily action's habit
// strength share it, so both read low, middling and good at the same marks.
export function ScoreMeter({ value, label }: { value: number; label: string }) {
  return <meter className="consistency-meter" min={0} max={100} low={40} high={70} optimum={100} value={value} aria-label={label} />;
}
