import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("has working defaults: 127.0.0.1:3000, the embedded database, demo mode", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      HOST: "127.0.0.1",
      PORT: 3000,
      DATA_DIR: "./data",
      SITE_URL: "http://localhost:3000",
      DEMO_MODE: true,
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("HOST and PORT override; empty values count as unset", () => {
    expect(parseEnv({ HOST: "0.0.0.0", PORT: "8080", DATA_DIR: "" })).toMatchObject({
      HOST: "0.0.0.0",
      PORT: 8080,
      DATA_DIR: "./data",
    });
  });

  it("TRUST_PROXY names the proxies: none, how many, or their addresses", () => {
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.2,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.2",
      "loopback",
    ]);
  });

  it("demo hints are on in development, and in production only when DEMO_MODE=true", () => {
    expect(parseEnv({}).DEMO_MODE).toBe(true);
    expect(parseEnv({ NODE_ENV: "production" }).DEMO_MODE).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h/d" }).DEMO_MODE).toBe(
      false,
    );
    expect(parseEnv({ NODE_ENV: "production", DEMO_MODE: "true" }).DEMO_MODE).toBe(true);
    expect(parseEnv({ DEMO_MODE: "false" }).DEMO_MODE).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid environment variable PORT: .* \(got "abc"\)$/],
    [{ PORT: "70000" }, /^Invalid environment variable PORT: /],
    [
      { DATABASE_URL: "mysql://x@y/z" },
      /^Invalid environment variable DATABASE_URL: must be a postgres/,
    ],
    [{ SITE_URL: "example.com" }, /^Invalid environment variable SITE_URL: /],
    [{ TRUST_PROXY: "maybe" }, /^Invalid environment variable TRUST_PROXY: /],
    [{ TRUST_PROXY: "true" }, /^Invalid environment variable TRUST_PROXY: must name the proxies/],
    [{ TRUST_PROXY: "10.0.0.0/8, example.com" }, /^Invalid environment variable TRUST_PROXY: /],
    [{ LOG_LEVEL: "loud" }, /^Invalid environment variable LOG_LEVEL: /],
    [{ NODE_ENV: "staging" }, /^Invalid environment variable NODE_ENV: /],
  ])("refuses %o with one line naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("names a malformed URL without echoing the password in it", () => {
    for (const [name, value] of [
      ["DATABASE_URL", "postgres://u:pw-s3cret@db.example:port/site"],
      ["SMTP_URL", "smtp://mailer:pw-s3cret@smtp.example:port"],
    ]) {
      const refused = () => parseEnv({ [name as string]: value });
      expect(refused).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
      expect(refused).not.toThrow(/pw-s3cret/);
    }
  });

  it("names a bad password variable without echoing its value", () => {
    expect(() => parseEnv({ ADMIN_PASSWORD: "short-pw" })).toThrow(
      /^Invalid environment variable ADMIN_PASSWORD: must be at least 12 characters$/,
    );
    expect(() => parseEnv({ DEMO_PASSWORD: "tiny" })).not.toThrow(/tiny/);
  });
});

describe("parseEnv: S3 storage", () => {
  it("is off by default; S3_BUCKET turns it on with the region and path style defaults", () => {
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    expect(
      parseEnv({
        S3_BUCKET: "site-uploads",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }),
    ).toMatchObject({
      S3_BUCKET: "site-uploads",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(parseEnv({ S3_BUCKET: "b-1", S3_REGION: "eu-west-1" })).toMatchObject({
      S3_REGION: "eu-west-1",
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /^Invalid environment variable S3_BUCKET: required/],
    [{ S3_BUCKET: "Bad_Bucket" }, /^Invalid environment variable S3_BUCKET: must be an S3 bucket/],
    [{ S3_BUCKET: "b-1", S3_ENDPOINT: "ftp://x" }, /^Invalid environment variable S3_ENDPOINT: /],
    [{ S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "id" }, /S3_SECRET_ACCESS_KEY: .*go together/],
    [{ S3_BUCKET: "b-1", S3_SECRET_ACCESS_KEY: "hunter22" }, /S3_ACCESS_KEY_ID: .*go together/],
    [{ S3_BUCKET: "b-1", S3_FORCE_PATH_STYLE: "sure" }, /S3_FORCE_PATH_STYLE: /],
  ])("refuses %o", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("never echoes the secret key", () => {
    expect(() => parseEnv({ S3_BUCKET: "b-1", S3_SECRET_ACCESS_KEY: "hunter22" })).toThrow(
      /^(?!.*hunter22)/,
    );
  });
});
