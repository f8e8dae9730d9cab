// The plan picker of the admin dialogs, with its label.
import { PLAN_LABELS, PLANS, type Plan } from '../../domain/plans';

export function PlanSelect({ id, value, onChange }: { id: string; value: Plan; onChange: (plan: Plan) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Plan</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Plan)}>
        {PLANS.map((option) => (
          <option key={option} value={option}>
            {PLAN_LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
