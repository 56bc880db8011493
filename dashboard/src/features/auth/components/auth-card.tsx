import type { ReactNode } from 'react';

/** The card the signed-out pages (sign-in, setup) put their form in; also sets the document title. */
export function AuthCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section aria-labelledby="auth-card-title" className="w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <title>{`${title} · Plat Console`}</title>
      <h1 id="auth-card-title" className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
        {title}
      </h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      <div className="mt-5 space-y-4">{children}</div>
    </section>
  );
}
