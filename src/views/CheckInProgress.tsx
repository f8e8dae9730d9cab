// Progress over time on /check-ins (docs/product.md#check-ins): the consistency score beside the
// strict streak (the calendar is src/views/MoodCalendar.tsx).
import { ScoreMeter } from '../components/ScoreMeter';

export function ConsistencyMeter({ score }: { score: number }) {
  return (
    <div className="consistency">
      <p className="consistency-value">
        <span className="consistency-number">{score}</span>
        <span className="muted"> / 100 consistency</span>
      </p>
      <ScoreMeter value={score} label="Consistency score" />
      <p className="muted small">Builds up with each day you check in; a missed day dents it rather than starting you over.</p>
    </div>
  );
}
