// Progress over time on /check-ins (docs/product.md#check-ins): the consistency score beside the
// strict streak (the calendar is src/views/MoodCalendar.tsx).

export function ConsistencyMeter({ score }: { score: number }) {
  return (
    <div className="consistency">
      <p className="consistency-value">
        <span className="consistency-number">{score}</span>
        <span className="muted"> / 100 consistency</span>
      </p>
      <meter
        className="consistency-meter"
        min={0}
        max={100}
        low={40}
        high={70}
        optimum={100}
        value={score}
        aria-label="Consistency score"
      />
      <p className="muted small">Builds up with each day you check in; a missed day dents it rather than starting you over.</p>
    </div>
  );
}
