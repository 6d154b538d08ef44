import { TextInput, type TextInputProps } from '@mantine/core';

/** The account's email as the sign-in forms ask for it; the field's state comes from useField. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...props} />;
}
