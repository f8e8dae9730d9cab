// The daily check-in form (docs/product.md#check-ins, #the-daily-practice): a plain form post that
// works without JavaScript, enhanced with conform validation (the server's zod schema), the busy
// label, and the browser's time zone (the server never saves it: it offers the switch when it
// differs, decision 38). The mood is the one 1-10 row (src/components/MoodChoices.tsx); once
// Session 3 is done the three daily actions follow it. On the dashboard the notes fold away.

import { type FieldMetadata, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import { MoodChoices } from '../components/MoodChoices';
import { PracticeChoices } from '../components/PracticeChoices';
import { TextLimit } from '../components/TextLimit';
import { BUSY_LABEL_ATTR, type HydrateOn } from '../constants';
import { CHECK_IN_TEXT_MAX, checkInFormSchema, MOOD_MAX, MOOD_MIN } from '../domain/check-ins';
import type { PracticeAction } from '../domain/practice';
import { BrowserTimeZoneInput } from './BrowserTimeZoneInput';
import { ConformForm, useConformForm } from './conform-form';
import { FieldMessage } from './session-form';

export interface CheckInValues {
  mood: number;
  drift: string;
  win: string;
}

export interface CheckInFormProps {
  /** Where the form posts (the page's own address, docs/product.md#form-posts). */
  action: string;
  /** Today's saved check-in: its values fill the form, and saving again edits it. */
  todays: CheckInValues | null;
  /** The day the form names (YYYY-MM-DD in the saved zone): the day that is saved. */
  day: string;
  /** The three daily actions once Session 3 is done, else null (mood and notes only). */
  practice: PracticeAction[] | null;
  /** The day's saved answers by accelerator. */
  answers: Record<string, boolean>;
  /** The dashboard's card: the notes folded under 'Add a note'. */
  compact?: boolean;
  /** conform's reply after a failed post: the posted values and their messages. */
  lastResult?: SubmissionResult | null;
}

export const CHECK_IN_FORM_ID = 'check-in-form';

/** A whole mood from 1 to 10, or null (a posted value may be anything). */
function moodOf(value: unknown): number | null {
  const mood = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof mood === 'number' && Number.isInteger(mood) && mood >= MOOD_MIN && mood <= MOOD_MAX ? mood : null;
}

/** A working form without JavaScript: its code waits for the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

export function CheckInForm({ action, todays, day, practice, answers, compact = false, lastResult }: CheckInFormProps) {
  const { form, fields, pending, setPending } = useConformForm({
    id: CHECK_IN_FORM_ID,
    schema: checkInFormSchema,
    lastResult,
    defaultValue: {
      ...(todays ? { mood: String(todays.mood) } : {}),
      drift: todays?.drift ?? '',
      win: todays?.win ?? '',
    },
  });
  const mood = moodOf(fields.mood.initialValue) ?? todays?.mood ?? null;
  const notes = (
    <>
      <NoteField meta={fields.drift} label="Drift Moments" placeholder="When did you drift from your focus today?" />
      <NoteField meta={fields.win} label="Win of the Day" placeholder="What went well today?" />
    </>
  );
  return (
    <ConformForm form={form} action={action} className="form check-in-form" onPending={() => setPending(true)}>
      <BrowserTimeZoneInput />
      <input type="hidden" name="day" value={day} />
      <MoodChoices
        name={fields.mood.name}
        id={fields.mood.id}
        value={mood}
        errorId={fields.mood.errorId}
        invalid={Boolean(fields.mood.errors?.length)}
        resetKey={fields.mood.key}
      />
      <FieldMessage id={fields.mood.errorId} messages={fields.mood.errors} />
      {practice && <PracticeChoices id={`${CHECK_IN_FORM_ID}-action`} actions={practice} answers={answers} resetKey={fields.actions.key} />}
      {compact ? (
        <details className="check-in-notes-fold" open={Boolean(todays?.drift || todays?.win) || undefined}>
          <summary>Add a note</summary>
          {notes}
        </details>
      ) : (
        notes
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={pending} {...{ [BUSY_LABEL_ATTR]: 'Saving...' }}>
          {pending ? 'Saving...' : todays ? 'Update Check-In' : 'Save Check-In'}
        </button>
      </div>
    </ConformForm>
  );
}

/** One of the two free-text notes, with its message and its limit (docs/product.md#text-limits). */
function NoteField({ meta, label, placeholder }: { meta: FieldMetadata<string | undefined>; label: string; placeholder: string }) {
  const [length, setLength] = useState(() => (typeof meta.initialValue === 'string' ? meta.initialValue.trim().length : 0));
  const limitId = `${meta.id}-limit`;
  const props = getTextareaProps(meta, { ariaAttributes: true });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <textarea
        {...props}
        key={meta.key}
        rows={3}
        maxLength={CHECK_IN_TEXT_MAX}
        placeholder={placeholder}
        aria-describedby={[props['aria-describedby'], limitId].filter(Boolean).join(' ')}
        onInput={(event) => setLength(event.currentTarget.value.trim().length)}
      />
      <FieldMessage id={meta.errorId} messages={meta.errors} />
      <TextLimit id={limitId} length={length} max={CHECK_IN_TEXT_MAX} />
    </div>
  );
}
