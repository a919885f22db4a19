/**
 * Tests only: walks the React element tree a presentational view returns, without a DOM, to find its controls and
 * call their handlers the way a click would. Function components without hooks are expanded (called with their
 * props); components that use hooks (kit Dialog, Menu, Select, wouter Link…) stay leaves, their props (footer,
 * children, onSelect…) still searchable. Pair it with server rendering (content/render.tsx) for what is on screen.
 */
import { isValidElement, type ReactElement } from 'react';

type Props = Record<string, unknown>;
export type AnyElement = ReactElement<Props>;

/** A component's output, or undefined when it needs hooks (it is then left as a leaf). */
function tryExpand(element: AnyElement): unknown {
  const type = element.type as unknown;
  if (typeof type !== 'function' || (type as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) return undefined;
  const quiet = console.error;
  console.error = () => {};
  try {
    return (type as (props: Props) => unknown)(element.props);
  } catch {
    return undefined;
  } finally {
    console.error = quiet;
  }
}

/** Every element of the tree, depth first, expanding hook-free components. */
export function elementsOf(node: unknown): AnyElement[] {
  const found: AnyElement[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isValidElement(value)) return;
    const element = value as AnyElement;
    found.push(element);
    const output = tryExpand(element);
    if (output !== undefined) visit(output);
    for (const prop of Object.values(element.props)) if (typeof prop === 'object' && prop !== null) visit(prop);
  };
  visit(node);
  return found;
}

/** The text an element shows (its children's strings and numbers, components expanded). */
export function textIn(node: unknown): string {
  const parts: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number') parts.push(String(value));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isValidElement(value)) {
      const element = value as AnyElement;
      const output = tryExpand(element);
      if (output !== undefined) visit(output);
      else visit(element.props.children);
    }
  };
  visit(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Elements of a type (a component or a tag name) whose text contains `text` (all of that type without it). */
export function findAll(node: unknown, type: unknown, text?: string): AnyElement[] {
  return elementsOf(node).filter((element) => element.type === type && (text === undefined || textIn(element.props.children).includes(text)));
}

/** The one element of a type with that text; throws when there is none. */
export function find(node: unknown, type: unknown, text?: string): AnyElement {
  const element = findAll(node, type, text)[0];
  if (!element) throw new Error(`No ${typeof type === 'string' ? type : ((type as { name?: string }).name ?? 'element')}${text ? ` with "${text}"` : ''}`);
  return element;
}

/** Calls a handler prop of an element (onClick, onSelect, onChange…) as the user's action would. */
export function fire(element: AnyElement, handler: string, ...args: unknown[]): void {
  const fn = element.props[handler];
  if (typeof fn !== 'function') throw new Error(`The element has no ${handler}`);
  (fn as (...a: unknown[]) => void)(...args);
}
