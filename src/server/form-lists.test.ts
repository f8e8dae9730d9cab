import { describe, expect, it } from 'vitest';
import { keepTickedRows } from './form-lists';

describe('keepTickedRows', () => {
  it('keeps ticked rows, renumbered, and every other field', () => {
    const form = new FormData();
    form.append('blockers[0].reflection', 'typed then unticked');
    form.append('blockers[1].name', 'Guilt');
    form.append('blockers[1].reflection', 'guilt note');
    form.append('blockers[1].arenas', 'Family');
    form.append('blockers[1].arenas', 'Faith');
    form.append('blockers[4].name', 'Doubt');
    form.append('blockers[4].reflection', 'doubt note');
    form.append('other', 'x');
    const kept = [...keepTickedRows(form, 'blockers', 'name')];
    expect(kept).toEqual([
      ['blockers[0].name', 'Guilt'],
      ['blockers[0].reflection', 'guilt note'],
      ['blockers[0].arenas', 'Family'],
      ['blockers[0].arenas', 'Faith'],
      ['blockers[1].name', 'Doubt'],
      ['blockers[1].reflection', 'doubt note'],
      ['other', 'x'],
    ]);
  });

  it('keeps nothing of a list when nothing is ticked', () => {
    const form = new FormData();
    form.append('accelerators[0].dailyAction', 'walk');
    expect([...keepTickedRows(form, 'accelerators', 'name')]).toEqual([]);
  });
});
