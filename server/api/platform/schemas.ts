import { z } from 'zod';

export const ModelSchema = z
  .object({ id: z.string().optional(), provider: z.string().optional() })
  .meta({ id: 'Model', description: 'A model the stored runs used (AgentOS `Model`: null fields left out).' });
export const ModelListSchema = z.array(ModelSchema).meta({ id: 'ModelList' });
