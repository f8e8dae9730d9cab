import type { ReactNode } from 'react';

/** Centred card layout for the signed-out pages. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="auth-layout">
      {children}
    </main>
  );
}
