import { TextInput, type TextInputProps } from '@mantine/core';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'maxLength'> {
  value: string;
  onChange: (value: string) => void;
  max: number;
}

/** A text input that cannot exceed its limit and shows how much of it is used. */
export function LimitedTextInput({ value, onChange, max, ...rest }: Props) {
  return (
    <TextInput
      {...rest}
      value={value}
      maxLength={max}
      onChange={(e) => onChange(e.currentTarget.value)}
      description={`${value.length}/${max}`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      styles={{ description: { textAlign: 'right' } }}
    />
  );
}
