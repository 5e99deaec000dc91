// Whether what the apps offer still gives each app what it uses (decision 5001). Pure: it reads
// contracts (types.ts) and lists the breaks, each naming the consumer, the producer, the contract
// and the field. A producer may send more than a consumer reads (a new optional field, a new
// event, a new role): only what a consumer reads is compared.
import { answerShape } from './services';
import type { JsonSchema, Offers, Uses } from './types';
import { satisfies } from './versionRange';

export interface Break {
  consumer: string;
  producer: string;
  /** `event "basket-add"`, `role "product"`, `module "./MiniBasket"`, … */
  contract: string;
  /** The field (`path`, `products[].id`), the param or the export; '' for the whole. */
  field: string;
  message: string;
}

export interface SchemaProblem {
  field: string;
  /** How the consumer reads it: `string, required`. */
  reads: string;
  /** What the producer does instead, after its name: `no longer sends it`. */
  problem: string;
}

// ---- JSON Schemas: what is sent against what is read -------------------------------------

const refName = (ref: string) => decodeURIComponent(ref.replace(/^#\/definitions\//, ''));

/** The schema a `$ref` points to in its root's definitions (itself when it is no reference). */
function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  const seen = new Set<string>();
  while (current.$ref !== undefined && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    current = root.definitions?.[refName(current.$ref)] ?? {};
  }
  return current;
}

const alternativesOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;

/** The JSON types a schema admits, from `type`, `const` or `enum` (empty: any). */
function typesOf(schema: JsonSchema): string[] {
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : []);
  const types = values.map((value) =>
    value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value,
  );
  return [...new Set(types)];
}

const valuesOf = (schema: JsonSchema) =>
  schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);

/** A short text of a schema for messages: `string`, `"men" | "women"`, `object`, `function`. */
export function describe(schema: JsonSchema, root: JsonSchema = schema): string {
  const resolved = resolve(schema, root);
  const alternatives = alternativesOf(resolved);
  if (alternatives) return alternatives.map((one) => describe(one, root)).join(' | ');
  if (resolved.$comment !== undefined && resolved.type === undefined) return 'function';
  const values = valuesOf(resolved);
  if (values) return values.map((value) => JSON.stringify(value)).join(' | ');
  if (resolved.type === 'array' && resolved.items && !Array.isArray(resolved.items)) {
    return `${describe(resolved.items, root)}[]`;
  }
  const types = typesOf(resolved);
  return types.length > 0 ? types.join(' | ') : 'any';
}

const isUnconstrained = (schema: JsonSchema) =>
  schema.type === undefined &&
  schema.const === undefined &&
  schema.enum === undefined &&
  schema.properties === undefined &&
  schema.items === undefined &&
  alternativesOf(schema) === undefined &&
  schema.$comment === undefined;

const fieldName = (parent: string, name: string) => (parent ? `${parent}.${name}` : name);
/** Integers are numbers to a reader of numbers. */
const typeFits = (sent: string, read: string[]) =>
  read.includes(sent) || (sent === 'integer' && read.includes('number'));

interface Roots {
  sent: JsonSchema;
  read: JsonSchema;
}

function fits(
  sentSchema: JsonSchema,
  readSchema: JsonSchema,
  roots: Roots,
  field: string,
  required: boolean,
): SchemaProblem[] {
  const sent = resolve(sentSchema, roots.sent);
  const read = resolve(readSchema, roots.read);
  const reads = `${describe(read, roots.read)}, ${required ? 'required' : 'optional'}`;
  const problem = (text: string): SchemaProblem[] => [{ field, reads, problem: text }];
  if (isUnconstrained(read)) return [];
  // Each thing the producer may send must be something the consumer reads.
  const sentAlternatives = alternativesOf(sent);
  if (sentAlternatives) {
    return sentAlternatives.flatMap((one) => fits(one, read, roots, field, required));
  }
  const readAlternatives = alternativesOf(read);
  if (readAlternatives) {
    const fitsOne = readAlternatives.some(
      (one) => fits(sent, one, roots, field, required).length === 0,
    );
    return fitsOne ? [] : problem(`sends it as ${describe(sent, roots.sent)}`);
  }
  if (read.$comment !== undefined && read.type === undefined) {
    // A function the consumer calls: it must still be one (its signature is not compared).
    return sent.$comment !== undefined && sent.type === undefined
      ? []
      : problem(`sends it as ${describe(sent, roots.sent)}`);
  }
  const readTypes = typesOf(read);
  const sentTypes = typesOf(sent);
  if (readTypes.length > 0) {
    if (sentTypes.length === 0) return problem('sends it without a type');
    const strangers = sentTypes.filter((type) => !typeFits(type, readTypes));
    if (strangers.length > 0) return problem(`sends it as ${describe(sent, roots.sent)}`);
  }
  const readValues = valuesOf(read);
  if (readValues) {
    const sentValues = valuesOf(sent);
    if (!sentValues) return problem(`may send any ${describe(sent, roots.sent)}`);
    const unknown = sentValues.filter(
      (value) => !readValues.some((known) => JSON.stringify(known) === JSON.stringify(value)),
    );
    if (unknown.length > 0) {
      return problem(`may send ${unknown.map((value) => JSON.stringify(value)).join(', ')}`);
    }
  }
  const problems: SchemaProblem[] = [];
  for (const [name, readProperty] of Object.entries(read.properties ?? {})) {
    const readRequired = read.required?.includes(name) ?? false;
    const sentProperty = sent.properties?.[name];
    const inner = fieldName(field, name);
    if (!sentProperty) {
      if (readRequired) {
        problems.push({
          field: inner,
          reads: `${describe(readProperty, roots.read)}, required`,
          problem: 'no longer sends it',
        });
      }
      continue;
    }
    if (readRequired && !(sent.required?.includes(name) ?? false)) {
      problems.push({
        field: inner,
        reads: `${describe(readProperty, roots.read)}, required`,
        problem: 'may leave it out (optional now)',
      });
      continue;
    }
    problems.push(...fits(sentProperty, readProperty, roots, inner, readRequired));
  }
  if (read.items && !Array.isArray(read.items) && sent.items && !Array.isArray(sent.items)) {
    problems.push(...fits(sent.items, read.items, roots, `${field}[]`, true));
  }
  return problems;
}

/** What the consumer reads (`read`) that the producer's payload (`sent`) no longer gives it. */
export function schemaBreaks(sent: JsonSchema, read: JsonSchema): SchemaProblem[] {
  return fits(sent, read, { sent, read }, '', true);
}

// ---- The apps' contracts against each other ------------------------------------------------

export interface Compatibility {
  breaks: Break[];
  /** How many uses were compared with an offer (or found without one). */
  checked: number;
}

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');
const either = (apps: string[]) => (apps.length > 0 ? apps.join(' and ') : 'no app');

/**
 * Every break between what `offers` give and what `uses` read. `before`: the offers as last
 * committed, to name the app that stopped offering something no app offers now.
 */
export function contractBreaks(
  offers: Record<string, Offers>,
  uses: Record<string, Uses>,
  before: Record<string, Offers> = {},
): Compatibility {
  const breaks: Break[] = [];
  let checked = 0;
  const add = (
    consumer: string,
    producer: string,
    contract: string,
    field: string,
    message: string,
  ) => breaks.push({ consumer, producer, contract, field, message });
  const formerly = (has: (offer: Offers) => boolean, consumer: string) =>
    Object.entries(before)
      .filter(([app, offer]) => app !== consumer && has(offer))
      .map(([app]) => app);

  for (const [consumer, used] of Object.entries(uses)) {
    // Bus events: every other app that emits one must send what this one reads.
    for (const [event, read] of Object.entries(used.events)) {
      const contract = `event "${event}"`;
      const emitters = Object.keys(offers).filter(
        (app) => app !== consumer && offers[app]!.events.emits[event] !== undefined,
      );
      checked += 1;
      if (emitters.length === 0) {
        const gone = formerly((offer) => offer.events.emits[event] !== undefined, consumer);
        if (gone.length > 0) {
          add(
            consumer,
            gone.join(','),
            contract,
            '',
            `${consumer} handles ${contract} from ${either(gone)}: ${either(gone)} no longer emits it (no other app does)`,
          );
        }
        continue;
      }
      for (const producer of emitters) {
        for (const found of schemaBreaks(offers[producer]!.events.emits[event]!, read)) {
          const field = found.field || '(the payload)';
          add(
            consumer,
            producer,
            contract,
            found.field,
            `${consumer} uses ${contract} field "${field}" (${found.reads}) from ${producer}: ${producer} ${found.problem}`,
          );
        }
      }
    }

    // Links by role: some app must offer the role, its address with the params passed.
    for (const [role, link] of Object.entries(used.roles)) {
      const contract = `role "${role}"`;
      const where = link.at.join(', ');
      const owners = Object.keys(offers).filter((app) => offers[app]!.roles[role] !== undefined);
      checked += 1;
      if (owners.length === 0) {
        const gone = formerly((offer) => offer.roles[role] !== undefined, consumer);
        add(
          consumer,
          gone.join(','),
          contract,
          '',
          `${consumer} links to ${contract} (${where}): ${gone.length > 0 ? `${either(gone)} no longer offers it` : 'no app offers it'}`,
        );
        continue;
      }
      for (const owner of owners) {
        const { address, params } = offers[owner]!.roles[role]!;
        for (const param of link.params.filter((name) => !params.includes(name))) {
          add(
            consumer,
            owner,
            contract,
            param,
            `${consumer} links to ${contract} with param "${param}" (${where}): ${owner}'s address ${address} has no ":${param}"`,
          );
        }
        for (const param of params.filter((name) => !link.params.includes(name))) {
          add(
            consumer,
            owner,
            contract,
            param,
            `${consumer} links to ${contract} without param "${param}" (${where}): ${owner}'s address ${address} needs it`,
          );
        }
      }
    }

    // Exposed modules the consumer loads by name.
    for (const [producer, modules] of Object.entries(used.exposes)) {
      for (const [module, names] of Object.entries(modules)) {
        const contract = `module "${module}"`;
        const exported = offers[producer]?.exposes[module];
        checked += 1;
        if (!exported) {
          add(
            consumer,
            producer,
            contract,
            '',
            `${consumer} loads ${contract} from ${producer}: ${producer} no longer exposes it`,
          );
          continue;
        }
        for (const name of names.filter((one) => exported[one] === undefined)) {
          add(
            consumer,
            producer,
            contract,
            name,
            `${consumer} uses ${contract} export "${name}" from ${producer}: ${producer}'s module no longer exports it`,
          );
        }
      }
    }

    // Route modules: every page another app lists is loaded with these exports.
    for (const [producer, offer] of Object.entries(offers)) {
      if (producer === consumer || !used.routeModules) continue;
      for (const [path, route] of Object.entries(offer.routes)) {
        const exported = offer.exposes[route.module] ?? {};
        const missing = used.routeModules.filter((name) => exported[name] === undefined);
        checked += 1;
        if (missing.length > 0) {
          add(
            consumer,
            producer,
            `route module "${route.module}"`,
            missing.join(','),
            `${consumer} renders route "${path}" of ${producer} with its export ${quoted(missing)}: ${producer}'s module ${route.module} does not export it`,
          );
        }
      }
    }

    // Service answers the consumer reads.
    for (const [service, answers] of Object.entries(used.services)) {
      const producers = Object.keys(offers).filter(
        (app) => app !== consumer && offers[app]!.services?.[service] !== undefined,
      );
      for (const [answer, read] of Object.entries(answers)) {
        const contract = `answer "${answer}" of service "${service}"`;
        checked += producers.length > 0 ? 1 : 0;
        for (const producer of producers) {
          const served = Object.entries(offers[producer]!.services![service]!).find(
            ([path]) => answerShape(path) === answerShape(answer),
          );
          if (!served) {
            add(
              consumer,
              producer,
              contract,
              '',
              `${consumer} reads ${contract} from ${producer}: ${producer} no longer serves it`,
            );
            continue;
          }
          for (const found of schemaBreaks(served[1], read)) {
            const field = found.field || '(the answer)';
            add(
              consumer,
              producer,
              contract,
              found.field,
              `${consumer} reads ${contract} field "${field}" (${found.reads}) from ${producer}: ${producer} ${found.problem}`,
            );
          }
        }
      }
    }
  }

  // Server containers: the host's modules must be in every container's ranges.
  for (const [host, hosting] of Object.entries(uses)) {
    const provided = hosting.server?.hostProvides;
    if (!provided) continue;
    for (const [container, offer] of Object.entries(offers)) {
      if (container === host || !offer.server) continue;
      for (const [module, range] of Object.entries(offer.server.takesFromHost)) {
        const contract = `server container's "${module}"`;
        const version = provided[module];
        const ok = version === undefined ? false : satisfies(version, range);
        checked += 1;
        if (ok === true) continue;
        const why =
          version === undefined
            ? `${host} does not provide it`
            : ok === null
              ? `the range is of a form this check does not read (versionRange.ts)`
              : `${host} provides ${version}`;
        add(
          container,
          host,
          contract,
          module,
          `${container}'s server container takes "${module}" (${range}) from its host ${host}: ${why}`,
        );
      }
    }
  }
  return { breaks, checked };
}
