// What a check-in sends about the daily practice (decision 38, docs/product.md#the-daily-practice):
// `actions: [{ accelerator, done }]`, at most three, each accelerator once. Whether each names one
// of the participant's own actions needs their Session 3 (actionsProblem in src/domain/practice.ts).
import * as z from 'zod/mini';
import { ACCELERATOR_PICK } from './accelerators';

export const PRACTICE_MESSAGES = {
  actions: 'Actions must be a list of { accelerator, done }',
  accelerator: 'Name the accelerator of one of your daily actions',
  done: 'Say whether the action was done: true or false',
  tooMany: `Answer at most ${ACCELERATOR_PICK} daily actions`,
  twice: 'Answer each daily action once',
  beforeSession3: 'Your daily actions start once Session 3 is complete',
  unknown: (name: string, names: readonly string[]) => `${name.slice(0, 40)} is not one of your daily actions: answer ${names.join(', ')}`,
} as const;
const M = PRACTICE_MESSAGES;

/** The longest accelerator name a check-in may send (the seven names are far shorter). */
const ACCELERATOR_NAME_MAX = 100;

function actionsField(done: z.ZodMiniType<boolean, unknown>) {
  const answer = z.object(
    {
      accelerator: z
        .string({ error: M.accelerator })
        .check(z.trim(), z.minLength(1, M.accelerator), z.maxLength(ACCELERATOR_NAME_MAX, M.accelerator)),
      done,
    },
    { error: M.actions },
  );
  return z._default(
    z.array(answer, { error: M.actions }).check(
      z.maxLength(ACCELERATOR_PICK, M.tooMany),
      z.superRefine((answers, ctx) => {
        const seen = new Set<string>();
        answers.forEach((item, index) => {
          if (seen.has(item.accelerator)) ctx.addIssue({ code: 'custom', message: M.twice, path: [index, 'accelerator'], input: item });
          seen.add(item.accelerator);
        });
      }),
    ),
    [],
  );
}

/** `actions` in JSON: `done` must be true or false. */
export const actionsJsonField = actionsField(z.boolean({ error: M.done }));
/** `actions` in a form post: the 'Yes' radio posts 'on' (true), 'Not today' posts nothing (false). */
export const actionsFormField = actionsField(z._default(z.boolean({ error: M.done }), false));

export type ActionAnswerInput = { accelerator: string; done: boolean };
