import { useState, type ComponentProps } from 'react';
import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

/**
 * A password field whose text can be shown and hidden again. `what` names the field in the toggle's label ('Show new
 * password'), so a form with several tells its toggles apart.
 */
export function PasswordInput({
  what = 'password',
  ...props
}: Omit<ComponentProps<typeof Input>, 'type'> & { what?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          aria-label={`${visible ? 'Hide' : 'Show'} ${what}`}
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
