import { FIELD_LOOKUP, schemaEnum, type ValueKind } from './fields';
import type { MediaType, RuleField } from './model';
import { MultiValuePicker } from './MultiValuePicker';
import { PathChecks } from './PathChecks';
import { EnumSelect, NumberInput, RegexInput, SizeInput, TextInput } from './ScalarInputs';
import { useLookup } from './useLookup';

/** The value control that fits the field's type and operator; labelled "Value" by its row. */
export function ValueInput({
  id,
  kind,
  field,
  operator,
  value,
  onChange,
  mediaType,
  error,
}: {
  id: string;
  kind: ValueKind;
  field: RuleField | undefined;
  operator: string;
  value: unknown;
  onChange: (value: unknown) => void;
  mediaType: MediaType;
  error?: string;
}) {
  const lookup = field ? FIELD_LOOKUP[field.field] : undefined;
  const enumValues = field ? schemaEnum(field.value_schema[operator]) : [];
  const fixed = enumValues.length > 0 ? enumValues.map((v) => ({ value: v, label: v })) : undefined;
  const looked = useLookup(kind === 'enum' && !fixed ? lookup : undefined, '', mediaType);
  const common = {
    id,
    value,
    onChange,
    describedBy: error ? `${id}-error` : undefined,
    invalid: Boolean(error),
  };
  switch (kind) {
    case 'none':
      return null;
    case 'number':
      return <NumberInput {...common} />;
    case 'days':
      return <NumberInput {...common} days />;
    case 'bytes':
      return <SizeInput {...common} />;
    case 'date':
      return <TextInput {...common} type="date" />;
    case 'text':
      return <TextInput {...common} />;
    case 'regex':
      return <RegexInput {...common} errorId={`${id}-regex`} />;
    case 'enum':
      return <EnumSelect {...common} options={fixed ?? looked.data ?? []} />;
    case 'text_list':
    case 'enum_list':
    case 'list':
    case 'paths':
      return (
        <>
          <MultiValuePicker
            {...common}
            lookup={fixed ? undefined : lookup}
            options={fixed}
            freeText={
              !fixed &&
              (kind !== 'list' ||
                field?.type === 'tag_list' ||
                lookup === undefined ||
                lookup === 'genres')
            }
            numeric={lookup === 'libraries' || lookup === 'movie_collections'}
            mediaType={mediaType}
          />
          {kind === 'paths' && <PathChecks value={value} mediaType={mediaType} />}
        </>
      );
  }
}
