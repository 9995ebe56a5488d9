"""pytest-lsp drives `todofmt lsp` (TODOFMT_BIN) with the recorded capabilities of real clients."""
import os

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

TODAY = "2026-11-21"
CLIENTS = ["visual-studio-code", "neovim@v0.10.0", "emacs"]


@pytest_lsp.fixture(
    params=CLIENTS,
    config=ClientServerConfig(server_command=[os.environ.get("TODOFMT_BIN", "todofmt"), "lsp", "--today", TODAY]),
)
async def client(request, lsp_client: LanguageClient):
    # The server asks clients that can watch files to report .todofmt.json changes.
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params):
        return None

    params = types.InitializeParams(capabilities=pytest_lsp.client_capabilities(request.param))
    result = await lsp_client.initialize_session(params)
    lsp_client.encoding = result.capabilities.position_encoding
    yield
    await lsp_client.shutdown_session()
