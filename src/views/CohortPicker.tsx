// 'Cohort' and 'Show': which cohort a page shows (the desk, the webinar schedule), as a plain GET
// form, so it works without JavaScript.

export interface CohortOption {
  id: string;
  label: string;
}

export function CohortPicker({
  action,
  selectId,
  className,
  shownId,
  options,
}: {
  /** The page's address; the choice goes as ?cohort=ID. */
  action: string;
  selectId: string;
  className: string;
  shownId: string;
  options: readonly CohortOption[];
}) {
  return (
    <form method="get" action={action} className={`filter-form ${className}`} aria-label="Choose a cohort">
      <div className="field">
        <label htmlFor={selectId}>Cohort</label>
        <select id={selectId} name="cohort" defaultValue={shownId}>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-outline">
        Show
      </button>
    </form>
  );
}
