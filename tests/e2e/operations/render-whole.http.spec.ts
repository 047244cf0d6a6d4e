import { expect, test } from "@playwright/test";

// Decision 036: a document is rendered whole, with React Router's data for hydration in it.
// A renderer that cannot wait for a Suspense boundary (renderToString) leaves it for the
// browser instead (`<!--$!--><template>`): the data is missing, and with JavaScript on the
// page never hydrates. Every page with a script says it at the end of its body.

test("a document carries its hydration data and leaves no Suspense boundary to the browser", async ({ request }) => {
  // The pages that hydrate before sign-in (login and forgot password ship no script, decision 070).
  for (const path of ["/register", "/password_reset/confirm"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain("<!--$!-->");
    expect(html, path).toContain("streamController.enqueue(");
  }
});
