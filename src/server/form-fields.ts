// Which field names a form may post, read from its zod schema, and a filter that keeps only
// those. Without it conform would build whatever a name asks for: `x[100000000]` makes an array
// of a hundred million slots and `a.a.a…` an object thousands deep, and the rejection path echoes
// it all back into the page. With it, the work a form post can cause is bounded by the schema.
import type { $ZodType } from 'zod/v4/core';

type FieldTree =
  | { kind: 'value' }
  | { kind: 'object'; fields: ReadonlyMap<string, FieldTree> }
  | { kind: 'list'; max: number; item: FieldTree };

/** A list without a declared maximum still gets one: no form of ours posts more rows. */
const UNBOUNDED_LIST_MAX = 100;
/** Longer names belong to no form of ours (the longest is about 40 characters). */
const NAME_MAX = 200;

const VALUE: FieldTree = { kind: 'value' };

// zod v4 keeps a schema's definition on `_zod.def`; only the parts read here are typed.
interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  keyType?: $ZodType;
  valueType?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[];
}

const defOf = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const valuesOf = (schema: $ZodType): Set<unknown> | undefined => (schema as unknown as { _zod: { values?: Set<unknown> } })._zod.values;

function listMax(def: Def): number {
  let max = UNBOUNDED_LIST_MAX;
  for (const check of def.checks ?? []) {
    const { maximum, length } = check._zod.def;
    if (maximum !== undefined) max = Math.min(max, maximum);
    if (length !== undefined) max = Math.min(max, length);
  }
  return max;
}

function merge(a: FieldTree, b: FieldTree): FieldTree {
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields);
    for (const [name, tree] of b.fields) fields.set(name, fields.has(name) ? merge(fields.get(name)!, tree) : tree);
    return { kind: 'object', fields };
  }
  if (a.kind === 'list' && b.kind === 'list') return { kind: 'list', max: Math.max(a.max, b.max), item: merge(a.item, b.item) };
  return a.kind === 'value' ? b : a;
}

function build(schema: $ZodType): FieldTree {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return { kind: 'object', fields: new Map(Object.entries(def.shape ?? {}).map(([name, field]) => [name, build(field)])) };
    case 'record': {
      // Only records with a known set of keys (an enum) declare fields; ours all do.
      const keys = def.keyType ? valuesOf(def.keyType) : undefined;
      const value = build(def.valueType!);
      return { kind: 'object', fields: new Map([...(keys ?? [])].map((key) => [String(key), value])) };
    }
    case 'array':
      return { kind: 'list', max: listMax(def), item: build(def.element!) };
    case 'tuple': {
      const items = [...(def.items ?? []), ...(def.rest ? [def.rest] : [])].map(build);
      const max = def.rest ? UNBOUNDED_LIST_MAX : (def.items?.length ?? 0);
      return { kind: 'list', max, item: items.reduce(merge, VALUE) };
    }
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return build(def.innerType!);
    case 'pipe':
      return build(def.in!);
    case 'union':
      return (def.options ?? []).map(build).reduce(merge, VALUE);
    case 'intersection':
      return merge(build(def.left!), build(def.right!));
    default:
      return VALUE;
  }
}

const trees = new WeakMap<$ZodType, FieldTree>();

/** The fields `schema` declares (worked out once per schema). */
function fieldTreeOf(schema: $ZodType): FieldTree {
  let tree = trees.get(schema);
  if (!tree) {
    tree = build(schema);
    trees.set(schema, tree);
  }
  return tree;
}

const SEGMENT = /\.?([A-Za-z_$][\w$-]*)|\[(\d{1,6})\]/y;

/**
 * Where a name leads in the tree: the node it names, or null when the form declares no such
 * field. `counted` is the list a bare repeated name fills (checkbox groups post `arenas` once per
 * ticked box), so the caller can stop at that list's size.
 */
function resolve(tree: FieldTree, name: string): { node: FieldTree; counted: Extract<FieldTree, { kind: 'list' }> | null } | null {
  if (name.length === 0 || name.length > NAME_MAX) return null;
  let node = tree;
  SEGMENT.lastIndex = 0;
  while (SEGMENT.lastIndex < name.length) {
    const start = SEGMENT.lastIndex;
    const match = SEGMENT.exec(name);
    if (!match) return null;
    const [, key, index] = match;
    if (key !== undefined) {
      // A dot is required between names, and a name may not start with one.
      if (match[0].startsWith('.') !== start > 0 || node.kind !== 'object') return null;
      const next = node.fields.get(key);
      if (!next) return null;
      node = next;
    } else {
      if (node.kind !== 'list' || Number(index) >= node.max) return null;
      node = node.item;
    }
  }
  if (node.kind === 'list' && node.item.kind === 'value') return { node, counted: node };
  return node.kind === 'value' ? { node, counted: null } : null;
}

/** A copy of `formData` with only the fields `schema` declares, lists cut to their declared size. */
export function keepDeclaredFields(formData: FormData, schema: $ZodType): FormData {
  const tree = fieldTreeOf(schema);
  const kept = new FormData();
  const repeats = new Map<string, number>();
  for (const [name, value] of formData) {
    const found = resolve(tree, name);
    if (!found) continue;
    const limit = found.counted ? found.counted.max : 1;
    const count = (repeats.get(name) ?? 0) + 1;
    if (count > limit) continue;
    repeats.set(name, count);
    kept.append(name, value);
  }
  return kept;
}
