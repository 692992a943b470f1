// buildSchema as graphql-js runs it, with every error as data: parse (syntax error),
// validateSDL (graphql-js's SDL rules: unknown types, duplicate names, ...), then
// buildASTSchema and validateSchema. buildSchema itself throws a plain Error that
// joins the SDL errors' messages and drops their locations; doing the same steps
// one by one keeps each error's message and locations.
import { GraphQLError, buildASTSchema, parse, validateSchema } from 'graphql';
import { validateSDL } from 'graphql/validation/validate.js';

// {message, locations} as graphql-js reports an error ([] when it has no location).
export function errorJson(error) {
  return {
    message: error.message,
    locations: (error.locations ?? []).map(({ line, column }) => ({ line, column })),
  };
}

// {schema, schemaErrors} when the SDL builds (schemaErrors: validateSchema's findings,
// [] for a usable schema), or {buildErrors} when it does not.
export function buildSchemaChecked(sdl) {
  let document;
  try {
    document = parse(sdl);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return { buildErrors: [errorJson(error)] };
  }
  const sdlErrors = validateSDL(document);
  if (sdlErrors.length > 0) return { buildErrors: sdlErrors.map(errorJson) };
  let schema;
  try {
    schema = buildASTSchema(document, { assumeValidSDL: true });
  } catch (error) {
    return { buildErrors: [errorJson(error)] };
  }
  return { schema, schemaErrors: validateSchema(schema).map(errorJson) };
}
