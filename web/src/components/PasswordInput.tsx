import { useState, type ComponentProps } from 'react';
import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

/** A password field whose text can be shown and hidden again. */
export function PasswordInput(props: Omit<ComponentProps<typeof Input>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          aria-label={visible ? 'Hide password' : 'Show password'}
          variant="ghost"
          size="xs"
          me="-2"
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <LuEyeOff /> : <LuEye />}
        </IconButton>
      }
    >
      <Input {...props} type={visible ? 'text' : 'password'} />
    </InputGroup>
  );
}
