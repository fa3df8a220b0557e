/**
 * Joins class names (clsx). It does not resolve conflicting Tailwind utilities: a component's
 * `className` may add classes but must not restyle what its base classes set (add a variant or prop
 * instead). During development every call is checked with tailwind-merge and a conflict is logged;
 * the production build leaves that check, and tailwind-merge's 27 KB, out.
 */
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) warnOnConflict(classes);
  return classes;
}

const warned = new Set<string>();

function warnOnConflict(classes: string): void {
  const kept = new Set(twMerge(classes).split(' '));
  const overridden = classes.split(/\s+/).filter((c) => c && !kept.has(c));
  if (overridden.length === 0 || warned.has(classes)) return;
  warned.add(classes);
  console.warn(`cn(): "${overridden.join(' ')}" conflicts with a later class in "${classes}"`);
}
