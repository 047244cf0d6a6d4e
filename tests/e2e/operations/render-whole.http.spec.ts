import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { get } from "../../bench/http.ts";

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

// Decision 093: a page rendered for one request is compressed in one call, not streamed
// through compression(), so it goes out with its length, in the coding the browser prefers.
test("a rendered page goes out compressed whole, with its length, or as it is to a browser that asks for that", async ({
  baseURL,
}) => {
  const ask = (encoding: string) => get(`${baseURL}/register`, { "Accept-Encoding": encoding });
  const [plain, gzip, br] = [await ask("identity"), await ask("gzip, deflate"), await ask("gzip, deflate, br")];
  expect(plain.contentEncoding).toBeUndefined();
  expect(plain.body.toString()).toContain("</html>");
  for (const [answer, coding, decode] of [
    [gzip, "gzip", gunzipSync],
    [br, "br", brotliDecompressSync],
  ] as const) {
    expect(answer.contentEncoding, coding).toBe(coding);
    expect(answer.headers["content-length"], coding).toBe(String(answer.body.byteLength));
    expect(decode(answer.body).toString(), coding).toContain("</html>");
  }
});
