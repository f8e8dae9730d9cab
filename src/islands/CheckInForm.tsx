// The daily check-in form (docs/product.md#check-ins): a plain form post that works without
// JavaScript, enhanced with conform validation (the server's zod schema), the mood's live value,
// the busy label, and the browser's time zone so the server files the check-in under the right day.

import { type FieldMetadata, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import { TextLimit } from '../components/TextLimit';
import { BUSY_LABEL_ATTR, type HydrateOn } from '../constants';
import { CHECK_IN_TEXT_MAX, checkInSchema, MOOD_DEFAULT, MOOD_MAX, MOOD_MIN } from '../domain/check-ins';
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

export function CheckInForm({ action, todays, lastResult }: CheckInFormProps) {
  const { form, fields, pending, setPending } = useConformForm({
    id: CHECK_IN_FORM_ID,
    schema: checkInSchema,
    lastResult,
    defaultValue: {
      mood: String(todays?.mood ?? MOOD_DEFAULT),
      drift: todays?.drift ?? '',
      win: todays?.win ?? '',
    },
  });
  // A posted mood that is not 1-10 would make the browser move the slider on its own; start
  // from a value the slider can show, so the slider and its output agree.
  const startMood = moodOf(fields.mood.initialValue) ?? todays?.mood ?? MOOD_DEFAULT;
  const [mood, setMood] = useState(startMood);
  const slider = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The slider may have moved before this island hydrated (or the browser restored it).
    const moved = moodOf(slider.current?.value);
    if (moved !== null) setMood(moved);
  }, []);

  const scaleId = `${fields.mood.id}-scale`;
  return (
    <ConformForm form={form} action={action} className="form check-in-form" onPending={() => setPending(true)}>
      <BrowserTimeZoneInput />
      <div className="field mood-field">
        <label htmlFor={fields.mood.id}>Mood</label>
        <div className="mood-control">
          <input
            {...getInputProps(fields.mood, { type: 'range', ariaAttributes: true, ariaDescribedBy: scaleId })}
            key={fields.mood.key}
            ref={slider}
            defaultValue={String(startMood)}
            min={MOOD_MIN}
            max={MOOD_MAX}
            step={1}
            onChange={(event) => setMood(moodOf(event.target.value) ?? MOOD_DEFAULT)}
          />
          <output htmlFor={fields.mood.id} className="mood-value">
            {mood}/{MOOD_MAX}
          </output>
        </div>
        <div className="mood-scale" id={scaleId}>
          <span>{MOOD_MIN} = Low</span>
          <span>{MOOD_MAX} = High</span>
        </div>
        <FieldMessage id={fields.mood.errorId} messages={fields.mood.errors} />
      </div>
      <NoteField meta={fields.drift} label="Drift Moments" placeholder="When did you drift from your focus today?" />
      <NoteField meta={fields.win} label="Win of the Day" placeholder="What went well today?" />
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
