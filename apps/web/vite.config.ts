import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const API_TARGET = 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': { target: API_TARGET, changeOrigin: true } } },
  preview: { port: 4173, proxy: { '/api': { target: API_TARGET, changeOrigin: true } } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 900 },
})
