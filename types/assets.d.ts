// Asset imports handled by webpack (css-loader / asset modules).
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
