// The schema of /data/protocols.json (build/open-data.ts; docs/data.md, "Open data"): each protocol
// has exactly the CSV's columns, typed as the REST API types them, plus its evidenced risk factors.
import { COLUMNS } from "../scripts/data/rules/protocol-row.ts";
import { protocolSchema, riskFactorSchema } from "./openapi-schemas.ts";

type Schema = Record<string, unknown>;

const tableColumns = protocolSchema.properties as Record<string, Schema>;
const riskColumns = riskFactorSchema.properties as Record<string, Schema>;
const { protocol_id: _protocol, ...riskFactor } = riskColumns;
const protocolExample = (protocolSchema.examples as Record<string, unknown>[])[0]!;

export const openDataSchema: Schema = {
  type: "object",
  required: [
    "schema_version",
    "generated_at",
    "license",
    "license_url",
    "attribution",
    "source",
    "count",
    "fields",
    "risk_rating_version",
    "protocols",
  ],
  properties: {
    schema_version: { type: "integer", description: "Bumped when a field is renamed or removed or changes meaning." },
    generated_at: { type: "string", format: "date-time", description: "When the build wrote it." },
    license: { type: "string", const: "CC BY 4.0" },
    license_url: { type: "string" },
    attribution: { type: "string", description: "How to credit RWA Atlas." },
    source: { type: "string", description: "The site the data belongs to." },
    count: { type: "integer", description: "How many protocols." },
    fields: { type: "array", items: { type: "string" }, description: "Each protocol's columns, in order." },
    risk_rating_version: { type: "string", description: "The risk rule's version (docs/methodology.md)." },
    protocols: {
      type: "array",
      items: {
        type: "object",
        required: [...COLUMNS, "risk_factors"],
        properties: {
          ...Object.fromEntries(COLUMNS.map((column) => [column, tableColumns[column]!])),
          risk_factors: {
            type: "array",
            description: "Its evidenced risk factors; a factor not listed is 'Unknown'.",
            items: { type: "object", required: Object.keys(riskFactor), properties: riskFactor },
          },
        },
      },
    },
  },
  examples: [
    {
      schema_version: 1,
      generated_at: "2026-11-27T12:00:00.000Z",
      license: "CC BY 4.0",
      license_url: "https://creativecommons.org/licenses/by/4.0/",
      attribution:
        'Licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/): share and adapt it, crediting "RWA Atlas (https://rwaatlas.com)".',
      source: "https://rwaatlas.com/",
      count: 1,
      fields: [...COLUMNS],
      risk_rating_version: "1.0",
      protocols: [
        {
          ...Object.fromEntries(COLUMNS.map((column) => [column, protocolExample[column]])),
          risk_factors: [
            { ...(riskFactorSchema.examples as Record<string, unknown>[])[0]!, protocol_id: undefined },
          ].map(({ protocol_id: _id, ...rest }) => rest),
        },
      ],
    },
  ],
};
