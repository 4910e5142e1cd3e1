import { badRequest } from './errors.ts';

/*
 * A multipart form is flat: lists and records travel as bracketed names (`schedule[0][day]`,
 * `media_files[1]`). They are rebuilt here into the nested value the route's schema checks, so a
 * field error names `schedule.0.day`. The names come from the client: an index is bounded and
 * arrays are built densely (holes closed, in index order), so `x[999]` cannot make a long sparse
 * array; nesting is shallow; and keys that would reach an object's prototype are refused.
 */

/** The largest index a bracketed name may carry; the forms send at most a few dozen rows. */
export const MAX_FIELD_INDEX = 1000;
/** `schedule[0][day]` is three levels. */
export const MAX_FIELD_DEPTH = 3;

export type FieldPath = [string, ...(string | number)[]];

const NAME = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT = /\[([^[\]]*)\]/g;
const INDEX = /^(?:0|[1-9]\d{0,3})$/;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const malformed = () => badRequest('request_malformed');

/**
 * `schedule[0][day]` -> `['schedule', 0, 'day']`; a trailing `[]` (`tags[]`) means the name is
 * repeated, as a plain repeated name does. Throws a 400 `request_malformed` for what no form sends.
 */
export function parseFieldName(name: string): FieldPath {
  const match = NAME.exec(name);
  if (!match) throw malformed();
  const path: FieldPath = [match[1]!];
  const segments = [...match[2]!.matchAll(SEGMENT)].map((segment) => segment[1]!);
  if (segments.at(-1) === '') segments.pop();
  for (const segment of segments) {
    if (segment === '') throw malformed();
    if (/^\d+$/.test(segment)) {
      if (!INDEX.test(segment) || Number(segment) > MAX_FIELD_INDEX) throw malformed();
      path.push(Number(segment));
    } else path.push(segment);
  }
  if (path.length > MAX_FIELD_DEPTH || path.some((key) => typeof key === 'string' && FORBIDDEN.has(key)))
    throw malformed();
  return path;
}

type Node =
  | { kind: 'leaf'; values: unknown[] }
  | { kind: 'list'; items: Map<number, Node> }
  | { kind: 'record'; items: Map<string, Node> };
type Container = Extract<Node, { items: unknown }>;

/** Collects parts in the order they come and gives the body they make. */
export function createFieldCollector() {
  const root: Container = { kind: 'record', items: new Map() };
  return {
    /** Adds a value under a parsed name; a leaf given twice becomes a list, as repeated names do. */
    add(path: FieldPath, value: unknown) {
      let container: Container = root;
      for (let i = 0; i < path.length; i++) {
        const key = path[i]!;
        const items = container.items as Map<string | number, Node>;
        const existing = items.get(key);
        if (i === path.length - 1) {
          if (!existing) items.set(key, { kind: 'leaf', values: [value] });
          else if (existing.kind === 'leaf') existing.values.push(value);
          else throw malformed();
          return;
        }
        const wanted = typeof path[i + 1] === 'number' ? 'list' : 'record';
        if (existing && existing.kind !== wanted) throw malformed();
        const next =
          existing ?? (wanted === 'list' ? { kind: 'list', items: new Map() } : { kind: 'record', items: new Map() });
        items.set(key, next);
        container = next as Container;
      }
    },
    body(): Record<string, unknown> {
      return build(root) as Record<string, unknown>;
    },
  };
}

function build(node: Node): unknown {
  if (node.kind === 'leaf') return node.values.length === 1 ? node.values[0] : node.values;
  if (node.kind === 'list') return [...node.items].sort(([a], [b]) => a - b).map(([, item]) => build(item));
  const record: Record<string, unknown> = {};
  for (const [key, item] of node.items) record[key] = build(item);
  return record;
}
