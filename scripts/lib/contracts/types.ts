// What one app's contract file holds (`<app dir>/contract.json`, decision 5001): what the app
// offers the others and what it uses of them, both derived from its code by generate.ts.

/** The JSON Schema subset ts-json-schema-generator writes (draft 7), as compatible.ts reads it. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  /** A function's type, as text (the generator's `functions: "comment"`). */
  $comment?: string;
  definitions?: Record<string, JsonSchema>;
  description?: string;
}

export interface OfferedRoute {
  /** The exposed module the page is (`./product`). */
  module: string;
  private: boolean;
  roles: Record<string, string>;
}

export interface OfferedRole {
  address: string;
  /** Its `:name` segments: the params a link fills. */
  params: string[];
}

export interface UsedRole {
  /** The keys the app's links pass (`hrefFor('product', { id })` → `["id"]`). */
  params: string[];
  /** Where the app links to it (files from the repository's root). */
  at: string[];
}

export interface Offers {
  routes: Record<string, OfferedRoute>;
  roles: Record<string, OfferedRole>;
  /** Exposed module → its exports, each with its type as the checker writes it. */
  exposes: Record<string, Record<string, string>>;
  events: { emits: Record<string, JsonSchema> };
  server?: { exposes: string[]; takesFromHost: Record<string, string> };
  /** Service → answer (its path) → the answer's JSON Schema. */
  services?: Record<string, Record<string, JsonSchema>>;
}

export interface Uses {
  /** Event → its payload as this app reads it. */
  events: Record<string, JsonSchema>;
  roles: Record<string, UsedRole>;
  /** Producer app → exposed module → the exports this app reads. */
  exposes: Record<string, Record<string, string[]>>;
  /** The exports this app reads of every route module a remote lists (the shell). */
  routeModules?: string[];
  services: Record<string, Record<string, JsonSchema>>;
  /** What the app's server gives the remotes' server containers (the shell). */
  server?: { hostProvides: Record<string, string> };
}

export interface Contract {
  app: string;
  offers: Offers;
  uses: Uses;
}
