// The Hosting part of firebase.json (decision 1303): one site per team, each with its headers
// (security headers on every answer, immutable cache for content-hashed files, no-cache for the
// files that name other files). Our local static servers apply the same headers from the same
// file, so the headers we deploy are the headers the e2e suite runs with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './apps';

export interface HostingHeaderRule {
  /** Hosting matches `regex` (RE2) or `source` (a glob); our servers read `regex` only. */
  regex?: string;
  source?: string;
  headers: { key: string; value: string }[];
}

export interface HostingSite {
  target: string;
  public: string;
  ignore?: string[];
  headers?: HostingHeaderRule[];
  rewrites?: unknown[];
}

export function hostingSites(file = join(ROOT, 'firebase.json')): HostingSite[] {
  const config = JSON.parse(readFileSync(file, 'utf8')) as { hosting?: HostingSite[] };
  return config.hosting ?? [];
}

export function hostingSite(target: string, sites = hostingSites()): HostingSite {
  const site = sites.find((candidate) => candidate.target === target);
  if (!site) throw new Error(`firebase.json has no hosting target "${target}"`);
  return site;
}

export type HeadersFor = (path: string) => Record<string, string>;

/**
 * The headers Hosting sends for `path` (the URL's path): every matching rule, in order (a later
 * rule's value for the same header wins).
 */
export function headersOf(site: HostingSite): HeadersFor {
  const rules = (site.headers ?? []).map((rule) => {
    if (rule.regex === undefined) {
      throw new Error(
        `firebase.json ${site.target}: header rules use "regex" (the local servers match no globs)`,
      );
    }
    return { pattern: new RegExp(rule.regex), headers: rule.headers };
  });
  return (path) => {
    const headers: Record<string, string> = {};
    for (const rule of rules) {
      if (!rule.pattern.test(path)) continue;
      for (const { key, value } of rule.headers) headers[key] = value;
    }
    return headers;
  };
}
