import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { session1Schema, session2Schema, session3Schema, session4Schema } from '../domain/progress-schemas';
import { keepDeclaredFields } from './form-fields';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const names = (data: FormData) => [...data.keys()];

describe('keepDeclaredFields', () => {
  it('keeps the fields a schema declares and drops every other name', () => {
    const schema = z.object({ email: z.string(), password: z.string().optional() });
    const kept = keepDeclaredFields(
      form([
        ['email', 'a@b.c'],
        ['password', 'x'],
        ['x[10000000]', '1'],
        ['__proto__', '1'],
        ['constructor', '1'],
      ]),
      schema,
    );
    expect(names(kept)).toEqual(['email', 'password']);
  });

  it('caps list indices at the list size the schema declares', () => {
    const kept = keepDeclaredFields(
      form([
        ['milestones[0].goal', 'a'],
        ['milestones[2].week', '90'],
        ['milestones[3].goal', 'too far'],
        ['milestones[999999999].goal', 'x'],
        ['vision90Day', 'v'],
      ]),
      session4Schema,
    );
    expect(names(kept)).toEqual(['milestones[0].goal', 'milestones[2].week', 'vision90Day']);
    const accelerators = keepDeclaredFields(
      form([
        ['accelerators[2].name', 'a'],
        ['accelerators[3].name', 'b'],
      ]),
      session3Schema,
    );
    expect(names(accelerators)).toEqual(['accelerators[2].name']);
  });

  it('takes a repeated checkbox name at most as often as its list allows', () => {
    const posted = form(Array.from({ length: 50 }, () => ['blockers[0].arenas', 'faith'] as [string, string]));
    expect(names(keepDeclaredFields(posted, session2Schema))).toHaveLength(7);
  });

  it('drops malformed, deep and overlong names without deep recursion', () => {
    const deep = Array.from({ length: 15000 }, () => 'a').join('.');
    const kept = keepDeclaredFields(
      form([
        [deep, '1'],
        ['.keystoneArena', 'faith'],
        ['keystoneArena.', 'faith'],
        ['keystoneArena[0]', 'faith'],
        ['questionResponses..faith_1', '3'],
        ['questionResponses.faith_1', '3'],
        ['questionResponses.nope', '3'],
        ['reflections[1]', 'r'],
        ['reflections', 'r'],
        ['keystoneArena', 'faith'],
      ]),
      session1Schema,
    );
    expect(names(kept)).toEqual(['questionResponses.faith_1', 'reflections[1]', 'reflections', 'keystoneArena']);
  });

  it('keeps a single value once even when a name repeats', () => {
    const kept = keepDeclaredFields(
      form([
        ['email', 'a'],
        ['email', 'b'],
      ]),
      z.object({ email: z.string() }),
    );
    expect([...kept.entries()]).toEqual([['email', 'a']]);
  });
});
