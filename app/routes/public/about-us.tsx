import { ContentPage } from "../../components/content-page.tsx";
import { sanitizedSitePage } from "../../content/site-pages.server.ts";
import { titleMeta } from "../../components/meta.ts";
import type { Route } from "./+types/about-us";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.site_about_us());

export async function loader({ context }: Route.LoaderArgs) {
  return { html: await sanitizedSitePage(context, "about") };
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  return <ContentPage title={m.site_about_us()} html={loaderData.html} />;
}
