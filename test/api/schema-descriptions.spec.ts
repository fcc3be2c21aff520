import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType, type GraphQLSchema } from 'graphql';

/** Every element of the schema a client reads without a description, named as `Type.field(argument)`. */
export function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const described = (d: string | null | undefined): boolean => typeof d === 'string' && d.trim() !== '';
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
    if (!described(type.description)) missing.push(`type ${type.name}`);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!described(field.description)) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) if (!described(arg.description)) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) if (!described(value.description)) missing.push(`${type.name}.${value.name}`);
  }
  return missing;
}

// Issue #16 item 8: the committed contract describes every type, field, argument, input field and enum value.
describe('schema.gql descriptions', () => {
  it('every type, field, argument, input field and enum value has a description', () => {
    const schema = buildSchema(readFileSync(resolve(__dirname, '..', '..', 'schema.gql'), 'utf8'));
    expect(undescribed(schema)).toEqual([]);
  });

  it('names what is missing', () => {
    const schema = buildSchema('"Reads." type Query { "A deal." deal(id: ID!): Deal } type Deal { id: ID! } enum Seat { "First." FOREHAND MIDDLEHAND }');
    expect(undescribed(schema)).toEqual(['Query.deal(id)', 'type Deal', 'Deal.id', 'type Seat', 'Seat.MIDDLEHAND']);
  });
});
