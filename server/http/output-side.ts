import { z } from 'zod';

/**
 * The output side of an input schema, for documenting answers. zod-to-openapi documents a
 * schema as the input it accepts, so a field with a default comes out optional; but an answer
 * built from the parsed value always carries that field. This rebuilds the schema with every
 * default (and prefault) replaced by its inner type, and a preprocess by its target, so the
 * document says what the server sends. Refinements are dropped: answers are never parsed
 * with the result, only documented.
 */
export function outputSide(schema: z.ZodType): z.ZodType {
  const def = (schema as z.ZodTypeAny).def as { type: string } & Record<string, unknown>;
  const meta = z.globalRegistry.get(schema);
  const withMeta = (s: z.ZodType): z.ZodType => (meta?.description ? s.describe(meta.description) : s);
  switch (def.type) {
    case 'default':
    case 'prefault':
      return withMeta(outputSide(def.innerType as z.ZodType));
    case 'pipe':
      return withMeta(outputSide(def.out as z.ZodType));
    case 'optional':
      return withMeta(outputSide(def.innerType as z.ZodType).optional());
    case 'nullable':
      return withMeta(outputSide(def.innerType as z.ZodType).nullable());
    case 'array':
      return withMeta(z.array(outputSide(def.element as z.ZodType)));
    case 'union':
      return withMeta(z.union((def.options as z.ZodType[]).map(outputSide) as [z.ZodType, z.ZodType, ...z.ZodType[]]));
    case 'record':
      return withMeta(z.record(def.keyType as z.ZodString, outputSide(def.valueType as z.ZodType)));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const out = z.object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, outputSide(v)])));
      return withMeta(def.catchall && (def.catchall as z.ZodType).def.type === 'never' ? out.strict() : out);
    }
    default:
      return schema;
  }
}
