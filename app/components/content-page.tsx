import { m } from "../i18n/paraglide/messages.js";

/** Upstream HTML that the loader has already sanitized on the server. */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className ?? "prose"} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function ContentPage({ title, html }: { title: string; html: string }) {
  return (
    <article>
      <h1>{title}</h1>
      {html ? <SanitizedHtml html={html} /> : <p>{m.site_page_empty()}</p>}
    </article>
  );
}
