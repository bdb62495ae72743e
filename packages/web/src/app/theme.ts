import { useEffect, useState } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';
const KEY = 'mcs-theme';

function stored(): ThemeChoice {
  const value = localStorage.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Applies a choice: 'system' leaves the attribute off and the CSS follows prefers-color-scheme. */
export function applyTheme(choice: ThemeChoice = stored()): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

export function useTheme() {
  const [choice, setChoice] = useState<ThemeChoice>(stored);
  useEffect(() => {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
    applyTheme(choice);
  }, [choice]);
  return [choice, setChoice] as const;
}
