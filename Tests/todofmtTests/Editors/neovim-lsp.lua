-- Drives `todofmt lsp` from Neovim's built-in client (0.7 and later), headless:
--   nvim --headless -u NONE -i NONE -n -c "luafile neovim-lsp.lua" todo.md
-- Environment: TODOFMT_BIN (the binary), TODOFMT_TODAY (the day), TODOFMT_TASK (the title of the
-- task to mark done), TODOFMT_REPORT (a file this script writes what it saw to).
-- It attaches the server, waits for diagnostics, formats, applies the "Mark done" code action
-- to the task's line, writes the buffer and quits. Any failure is written to the report.
local report = {}
local function finish(status)
  table.insert(report, 'status=' .. status)
  local file = io.open(os.getenv('TODOFMT_REPORT'), 'w')
  file:write(table.concat(report, '\n') .. '\n')
  file:close()
  vim.cmd('qall!')
end

local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = 'markdown'
  local diagnostics = nil
  local config = {
    name = 'todofmt',
    cmd = { os.getenv('TODOFMT_BIN'), 'lsp' },
    root_dir = vim.fn.getcwd(),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(e, result, ctx, c)
        diagnostics = result.diagnostics
        vim.lsp.handlers['textDocument/publishDiagnostics'](e, result, ctx, c)
      end,
    },
  }
  local client_id
  if vim.lsp.start then
    client_id = vim.lsp.start(config)            -- Neovim 0.8 and later
  else
    client_id = vim.lsp.start_client(config)     -- Neovim 0.7
    vim.lsp.buf_attach_client(buf, client_id)
  end
  assert(client_id, 'the client did not start')
  assert(vim.wait(10000, function() return diagnostics ~= nil end, 20), 'no diagnostics')
  local codes = {}
  for _, d in ipairs(diagnostics) do table.insert(codes, d.code) end
  table.insert(report, 'diagnostics=' .. table.concat(codes, ','))

  if vim.lsp.buf.format then
    vim.lsp.buf.format({ timeout_ms = 10000 })
  else
    vim.lsp.buf.formatting_sync(nil, 10000)
  end

  local line
  for i, text in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if text:find(os.getenv('TODOFMT_TASK'), 1, true) then line = i - 1 end
  end
  assert(line, 'task not found after formatting')
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = line, character = 0 }, ['end'] = { line = line, character = 0 } },
    context = { diagnostics = {} },
  }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000)
  local applied = false
  for _, response in pairs(responses or {}) do
    for _, action in ipairs(response.result or {}) do
      if action.title == 'Mark done' and not applied then
        vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
        applied = true
      end
    end
  end
  assert(applied, 'no Mark done action')
  vim.cmd('write')
  table.insert(report, 'written')
  local client = vim.lsp.get_client_by_id(client_id)
  client.stop()
  vim.wait(5000, function() return client.is_stopped() end, 20)
end)
if not ok then table.insert(report, 'error=' .. tostring(err)) end
finish(ok and 0 or 1)
