/*
 * antd's Input and Input.Password without the rest of Input: `import { Input } from 'antd'`
 * always brings TextArea, Search and OTP with their styles (about 5 KB gzip), because they hang
 * off Input as properties. The signed-out screens use these two, which keeps the first screen a
 * visitor loads small; the signed-in screens use antd's Input as usual.
 */
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
