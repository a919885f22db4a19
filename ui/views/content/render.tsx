/** Server-renders a content view for tests (tests only): inside a wouter Router, entities decoded. */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';

export function render(node: ReactNode): string {
  return renderToString(<Router ssrPath="/review/folder/1">{node}</Router>)
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');
}

/** The text of an HTML fragment, tags dropped and whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every opening tag matching a pattern, e.g. all `<button ...>` tags. */
export function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]);
}
