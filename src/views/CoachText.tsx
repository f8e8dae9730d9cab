// A coach's plain text (a nudge, an announcement) as paragraphs, its http(s) addresses as links:
// the same reading as the mail's (textParagraphs). React escapes every part.
import { textParagraphs } from '../domain/outreach';

export function CoachText({ text }: { text: string }) {
  return (
    <div className="coach-text">
      {textParagraphs(text).map((parts, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text, never reordered
        <p key={i}>
          {parts.map((part, j) =>
            'href' in part ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text, never reordered
              <a key={j} href={part.href} rel="noopener noreferrer nofollow">
                {part.href}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text, never reordered
              <span key={j}>{part.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
