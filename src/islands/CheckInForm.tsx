// The daily check-in form (docs/product.md#check-ins): a plain form post that works without
// JavaScript, enhanced with conform validation (the server's zod schema), the mood's live value,
// the busy label, and the browser's time zone so the server files the check-in under the right day.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useRef, useState } from 'react';
import { usePending } from './use-pending';
import { CHECK_IN_TEXT_MAX, MOOD_DEFAULT, MOOD_MAX, MOOD_MIN, checkInSchema } from '../domain/check-ins';

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

export function CheckInForm({ action, todays, lastResult }: CheckInFormProps) {
  const [pending, setPending] = usePending();
  const [form, fields] = useForm({
    id: CHECK_IN_FORM_ID,
    lastResult: lastResult ?? undefined,
    defaultValue: {
      mood: String(todays?.mood ?? MOOD_DEFAULT),
      drift: todays?.drift ?? '',
      win: todays?.win ?? '',
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkInSchema }),
  });
  // A posted mood that is not 1-10 would make the browser move the slider on its own; start
  // from a value the slider can show, so the slider and its output agree.
  const startMood = moodOf(fields.mood.initialValue) ?? todays?.mood ?? MOOD_DEFAULT;
  const [mood, setMood] = useState(startMood);
  const timeZone = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Only the browser knows its zone; without JavaScript the server uses the stored one.
    if (timeZone.current) timeZone.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }, []);

  const { onSubmit, ...formProps } = getFormProps(form);
  const scaleId = `${fields.mood.id}-scale`;
  const moodErrors = fields.mood.errors ?? [];
  const driftErrors = fields.drift.errors ?? [];
  const winErrors = fields.win.errors ?? [];
  return (
    <form
      {...formProps}
      method="post"
      action={action}
      className="form check-in-form"
      onSubmit={(event) => {
        onSubmit(event);
        if (!event.defaultPrevented) setPending(true);
      }}
    >
      {form.errors && form.errors.length > 0 && (
        <div className="banner banner-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </div>
      )}
      <input ref={timeZone} type="hidden" name="timeZone" defaultValue="" />
      <div className="field mood-field">
        <label htmlFor={fields.mood.id}>Mood</label>
        <div className="mood-control">
          <input
            {...getInputProps(fields.mood, { type: 'range', ariaAttributes: true, ariaDescribedBy: scaleId })}
            key={fields.mood.key}
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
        {moodErrors.length > 0 && (
          <p className="field-error" id={fields.mood.errorId}>
            {moodErrors[0]}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={fields.drift.id}>Drift Moments</label>
        <textarea
          {...getTextareaProps(fields.drift, { ariaAttributes: true })}
          key={fields.drift.key}
          rows={3}
          maxLength={CHECK_IN_TEXT_MAX}
          placeholder="When did you drift from your focus today?"
        />
        {driftErrors.length > 0 && (
          <p className="field-error" id={fields.drift.errorId}>
            {driftErrors[0]}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={fields.win.id}>Win of the Day</label>
        <textarea
          {...getTextareaProps(fields.win, { ariaAttributes: true })}
          key={fields.win.key}
          rows={3}
          maxLength={CHECK_IN_TEXT_MAX}
          placeholder="What went well today?"
        />
        {winErrors.length > 0 && (
          <p className="field-error" id={fields.win.errorId}>
            {winErrors[0]}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? 'Saving...' : todays ? 'Update Check-In' : 'Save Check-In'}
        </button>
      </div>
    </form>
  );
}
