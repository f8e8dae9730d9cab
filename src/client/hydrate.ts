// Hydrates one island as its own React root, with the identifierPrefix the server rendered it
// with (so useId values match). The client entry loads this file, and React with it, only when
// the first island's moment comes.
import { type ComponentType, createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTR } from '../constants';
import { Hydrated } from '../islands/Hydrated';

/**
 * An island's file as the browser imports it: the component under the island's name and,
 * optionally, `beforeHydrate`: code to load first for these props (the questionnaire's results).
 */
export type IslandModule = Record<string, unknown> & { beforeHydrate?: (props: object) => Promise<void> };

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the visitor has typed, ticked or chosen in the island's server HTML so far. */
function snapshot(element: HTMLElement): Map<Control, string | boolean> {
  const state = new Map<Control, string | boolean>();
  for (const found of element.querySelectorAll('input, textarea, select')) {
    const control = found as unknown as Control;
    const checkable = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
    state.set(control, checkable ? control.checked : control.value);
  }
  return state;
}

/** Whether the visitor changed the control from what the server rendered. */
function changed(control: Control, value: string | boolean): boolean {
  if (typeof value === 'boolean') return (control as HTMLInputElement).defaultChecked !== value;
  if (control instanceof HTMLSelectElement) return true;
  return control.defaultValue !== value;
}

/**
 * What to put back: for each control, what it holds now if the visitor changed it (they may have
 * typed on while React hydrated), else what they had entered before React took over (in case
 * hydrating reset it to the server's value).
 */
function latest(before: Map<Control, string | boolean>, now: Map<Control, string | boolean>): Map<Control, string | boolean> {
  const state = new Map<Control, string | boolean>();
  for (const [control, value] of before) {
    const current = now.get(control);
    const typedOn = current !== undefined && !(control instanceof HTMLSelectElement) && changed(control, current);
    state.set(control, typedOn ? current : value);
  }
  return state;
}

/**
 * Puts back what the visitor entered before the island was live, so React's state and the form
 * library hear of it (a library that fills fields from their defaults on mount, like conform, or
 * a controlled field, would otherwise undo it). Setting the old value through the element first
 * and the entered one through the prototype's setter makes React see a real change.
 */
function restore(state: Map<Control, string | boolean>): void {
  for (const [control, value] of state) {
    if (!control.isConnected || !changed(control, value)) continue;
    if (typeof value === 'boolean') {
      const box = control as HTMLInputElement;
      // A radio turned off needs nothing: the one turned on sets its group.
      if (box.type === 'radio' && !value) continue;
      box.checked = !value;
      box.click();
      continue;
    }
    control.value = control instanceof HTMLSelectElement ? '' : control.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Hydrates the island with its own code. Resolves once React listens to the island's events,
 * with `live`, which resolves once its effects (key listeners included) have run.
 */
export async function hydrate(element: HTMLElement, island: IslandModule): Promise<{ live: Promise<void> }> {
  const props = JSON.parse(element.getAttribute(ISLAND_ATTR.props) ?? '{}') as object;
  await island.beforeHydrate?.(props);
  const Component = island[element.getAttribute(ISLAND_ATTR.name) ?? ''] as ComponentType<object>;
  // Taken just before React takes over, so it holds everything entered while the code loaded.
  const entered = snapshot(element);
  const live = new Promise<void>((resolve) => {
    const onHydrated = () => {
      restore(latest(entered, snapshot(element)));
      element.setAttribute(ISLAND_ATTR.hydrated, '');
      resolve();
    };
    // biome-ignore lint/correctness/noChildrenProp: Hydrated's props type requires children, so createElement takes it in the props object (a .ts file, no JSX)
    hydrateRoot(element, createElement(Hydrated, { onHydrated, children: createElement(Component, props) }), {
      identifierPrefix: `${element.getAttribute(ISLAND_ATTR.id)}-`,
    });
  });
  return { live };
}
