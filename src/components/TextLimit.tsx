// The 2,000-character limit of a long text, shown before it is reached (docs/product.md#text-limits):
// 'Up to 2,000 characters' under the field; with JavaScript, from 80% of the limit on, how many
// characters are left, and past it how many are too many. The field's own message
// ('Please use at most 2000 characters') is the validation's, shown beside the field.
import { isNearLimit, textLimitWords } from '../domain/text-limit';

/**
 * `length`: the text's length now (0 on the server without a value). `hideUntilNear` keeps a
 * one-line field quiet until the count matters.
 */
export function TextLimit({
  id,
  length,
  max,
  hideUntilNear = false,
}: {
  id: string;
  length: number;
  max: number;
  hideUntilNear?: boolean;
}) {
  if (hideUntilNear && !isNearLimit(length, max)) return null;
  return (
    <p id={id} className={`field-hint${length > max ? ' field-hint-over' : ''}`} aria-live="polite">
      {textLimitWords(length, max)}
    </p>
  );
}
