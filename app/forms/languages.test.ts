import { describe, expect, it } from "vitest";
import { loginSchema, otpSchema, registerSchema } from "./account.ts";
import { readBulkForm } from "./bulk.ts";
import { submit } from "./form-submission.test-support.ts";
import { airtimeSchema, VERIFY_AGAIN } from "./purchase.ts";
import { outageMessage } from "./reply.server.ts";
import { HONEYPOT_MESSAGE } from "../guards/honeypot.server.ts";
import { lockedMessage } from "../guards/rate-limit.server.ts";
import { type Language, LANGUAGE_COOKIE } from "../i18n/language.ts";
import { languageMiddleware } from "../i18n/language.server.ts";
import { SESSION_EXPIRED } from "../session/auth.server.ts";
import { UpstreamError } from "../upstream/errors.ts";

// The schemas are module constants, shared by every request and by the browser: each message
// is chosen when a value is checked, in the language of the request checking it (the root
// middleware's), never in whichever language built the schema first.

/** Runs `check` as the server runs a request whose `lang` cookie names `language`. */
async function inLanguage<T>(language: Language, check: () => T | Promise<T>): Promise<T> {
  let result: T | undefined;
  const request = new Request("http://portal.test/login", { headers: { Cookie: `${LANGUAGE_COOKIE}=${language}` } });
  await languageMiddleware({ request } as unknown as Parameters<typeof languageMiddleware>[0], async () => {
    result = await check();
    return new Response(null);
  });
  return result as T;
}

const emptyLogin = () => submit(loginSchema, {}).errors;

describe("validation messages in the request's language", () => {
  it("says an empty login's 'required' in English, Hausa and Pidgin from the same schema", async () => {
    expect(await inLanguage("ha", emptyLogin)).toEqual({
      email: ["Ana buƙatar imel"],
      password: ["Ana buƙatar kalmar sirri"],
    });
    expect(await inLanguage("pcm", emptyLogin)).toEqual({
      email: ["You must put your email"],
      password: ["You must put your password"],
    });
    expect(await inLanguage("en-NG", emptyLogin)).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
    // Outside any request (a test, a script): English, as before.
    expect(emptyLogin()).toEqual({ email: ["Email is required"], password: ["Password is required"] });
  });

  it("keeps requests apart: two at once each get their own language", async () => {
    const [hausa, english] = await Promise.all([
      inLanguage("ha", async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return emptyLogin();
      }),
      inLanguage("en-NG", emptyLogin),
    ]);
    expect(hausa?.email).toEqual(["Ana buƙatar imel"]);
    expect(english?.email).toEqual(["Email is required"]);
  });

  it("translates Zod's own checks, rules with values and cross-field checks", async () => {
    const register = {
      firstName: "Ada",
      lastName: "Okonkwo",
      email: "ada@example",
      phone: "0803123456",
      password: "secret-one",
      confirmPassword: "secret-two",
    };
    expect(await inLanguage("ha", () => submit(registerSchema, register).errors)).toEqual({
      email: ["Adireshin imel bai yi daidai ba"],
      phone: ["Lambar waya ba daidai ba ce"],
      confirmPassword: ["Kalmomin sirrin ba su yi daidai ba"],
    });
    expect(
      await inLanguage("pcm", () => submit(airtimeSchema, { provider: "1", phone: "08031234567", amount: "50" })),
    ).toMatchObject({ errors: { amount: ["Amount no fit dey less than ₦100"] } });
    expect(await inLanguage("ha", () => submit(otpSchema, { digit1: "1" }).errors)).toEqual({
      "": ["Otp ba zai iya zama fanko ba. Da fatan za ka rubuta otp ɗin da aka aika zuwa imel ɗinka."],
    });
    expect(await inLanguage("ha", () => VERIFY_AGAIN.electricity())).toBe(
      "Ka canza kamfani, don haka ka sake tantance lambar mita.",
    );
  });

  it("reads the bulk form's messages in the request's language", async () => {
    const form = await inLanguage("ha", () => readBulkForm(new FormData()));
    expect(form.errors).toEqual({
      numbers: "Rubuta aƙalla lambar waya ɗaya, ko zaɓi fayil ɗin CSV.",
      product: "Zaɓi kuɗin waya ko data.",
    });
  });

  it("says the guards' and the session's words in the request's language", async () => {
    const until = new Date("2026-01-01T14:04:00Z");
    expect(await inLanguage("ha", () => lockedMessage(until))).toBe(
      "Ƙoƙari ya yi yawa. Da fatan za ka sake gwadawa bayan 3:04 na rana.",
    );
    expect(await inLanguage("pcm", () => lockedMessage(until))).toBe(
      "You don try too many times. Abeg try again after 3:04 for afternoon.",
    );
    // The honeypot's message names the field as the page labels it in that language.
    expect(await inLanguage("ha", HONEYPOT_MESSAGE)).toContain("“Kar ka rubuta komai a nan”");
    expect(HONEYPOT_MESSAGE()).toBe(
      "The field “Leave this empty” was filled in, so nothing was sent. We have emptied it: check your details and send the form again.",
    );
    expect(await inLanguage("ha", SESSION_EXPIRED)).toBe("Lokacin shigarka ya ƙare!, da fatan za ka sake shiga");
    expect(SESSION_EXPIRED()).toBe("Session Expired!, please login again");
    const timeout = new UpstreamError("timeout", "The upstream did not answer in time.");
    expect(await inLanguage("pcm", () => outageMessage(timeout))).toBe(
      "Our service provider no answer on time. Abeg try again after one minute.",
    );
    expect(outageMessage(timeout)).toBe("Our service provider did not answer in time. Please try again in a minute.");
  });
});
