import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')!).render(<h1>Área Administrativa</h1>);
