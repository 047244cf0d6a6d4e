import { createHash, randomBytes, randomInt, scrypt, scryptSync, timingSafeEqual } from "node:crypto";

interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

// Node's default cost. Each hash stores its own parameters, so raising these later leaves
// every older hash verifiable.
const currentCost: ScryptCost = { N: 16384, r: 8, p: 1 };
const saltBytes = 16;
const keyBytes = 32;
const tokenBytes = 32;

// Bounds for parameters read back from a row: only a tampered row exceeds them, and it must
// not make one login allocate gigabytes.
const maxN = 1 << 17;
const maxR = 16;
const maxP = 4;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltBytes);
  return formatHash(currentCost, salt, await deriveKey(password, salt, keyBytes, currentCost));
}

// Only for seeding, which runs before the sandbox answers any request.
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(saltBytes);
  return formatHash(currentCost, salt, scryptSync(password, salt, keyBytes, scryptOptions(currentCost)));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === undefined) {
    return false;
  }
  const key = await deriveKey(password, parsed.salt, parsed.key.length, parsed.cost);
  return timingSafeEqual(key, parsed.key);
}

let nobodysHash: Promise<string> | undefined;

// A login for an unknown e-mail still pays for one scrypt, so the answer's timing does not
// tell which addresses have accounts.
export async function verifyNobodysPassword(password: string): Promise<false> {
  nobodysHash ??= hashPassword(newToken());
  await verifyPassword(password, await nobodysHash);
  return false;
}

export function newToken(): string {
  return randomBytes(tokenBytes).toString("base64url");
}

export function newSalt(): string {
  return randomBytes(saltBytes).toString("base64url");
}

export function newOtpCode(): string {
  return String(randomInt(0, 10000)).padStart(4, "0");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

// Four digits have only 10,000 values, so the salt keeps codes out of plain sight in the
// table rather than making them uncrackable; expiry and single use are the real protection.
export function hashOtpCode(code: string, salt: string): string {
  return sha256Hex(`${salt}:${code}`);
}

export function sameHex(left: string, right: string): boolean {
  const a = Buffer.from(left, "hex");
  const b = Buffer.from(right, "hex");
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

function formatHash(cost: ScryptCost, salt: Buffer, key: Buffer): string {
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || salt === undefined || key === undefined || rest.length > 0) {
    return undefined;
  }
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const isPowerOfTwo = Number.isSafeInteger(cost.N) && cost.N > 1 && (cost.N & (cost.N - 1)) === 0;
  if (!isPowerOfTwo || cost.N > maxN || !inRange(cost.r, maxR) || !inRange(cost.p, maxP)) {
    return undefined;
  }
  const saltBuffer = Buffer.from(salt, "base64url");
  const keyBuffer = Buffer.from(key, "base64url");
  if (saltBuffer.length === 0 || keyBuffer.length < 16) {
    return undefined;
  }
  return { cost, salt: saltBuffer, key: keyBuffer };
}

function inRange(value: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= max;
}

function scryptOptions(cost: ScryptCost): { N: number; r: number; p: number; maxmem: number } {
  // scrypt needs about 128 * N * r bytes; the margin covers Node's own bookkeeping.
  return { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r };
}

function deriveKey(password: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, scryptOptions(cost), (error, key) => {
      if (error === null) {
        resolve(key);
      } else {
        reject(error);
      }
    });
  });
}
