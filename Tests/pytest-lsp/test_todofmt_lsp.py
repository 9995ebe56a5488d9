"""`todofmt lsp` against pytest-lsp's client, which also checks every message against the LSP spec."""
import subprocess

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import TODAY

URI = "file:///nonexistent-pytest-lsp/todo.md"
TEXT = "# Home\n\n- [x] Pay rent\n- [ ]  Book taxi 📅 2026-11-29 #travel\n- [ ] Call mum\n- buy milk\n"


def apply(text, edits, encoding):
    """Applies text edits (positions in `encoding` units) to `text`."""
    unit = "utf-16-le" if encoding == "utf-16" else "utf-8"
    width = 2 if encoding == "utf-16" else 1
    lines = text.splitlines(keepends=True) + [""]

    def offset(position):
        before = "".join(lines[: position.line])
        line = lines[position.line].encode(unit)[: position.character * width].decode(unit)
        return len(before) + len(line)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


def todofmt(text):
    import os
    run = subprocess.run([os.environ.get("TODOFMT_BIN", "todofmt"), "--today", TODAY], input=text.encode(), capture_output=True)
    return run.stdout.decode()


async def open_document(client: LanguageClient, text=TEXT):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="markdown", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def test_diagnostics(client: LanguageClient):
    await open_document(client)
    codes = [d.code for d in client.diagnostics[URI]]
    assert codes == ["TD003", "TD004", "TD008"]
    assert all(d.code_description.href.endswith("#" + d.code.lower()) for d in client.diagnostics[URI])


async def test_formatting_gives_what_todofmt_prints(client: LanguageClient):
    await open_document(client)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=URI), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert apply(TEXT, edits, client.encoding) == todofmt(TEXT)


async def test_mark_done_and_convert_to_task(client: LanguageClient):
    await open_document(client)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        range=types.Range(start=types.Position(line=4, character=0), end=types.Position(line=5, character=3)),
        context=types.CodeActionContext(diagnostics=[])))
    titles = [a.title for a in actions]
    assert titles == ["Mark done", "Mark cancelled", "Start", "Convert to task", "Fix all todofmt findings (format)"]
    assert actions[4].kind == "source.fixAll.todofmt"
    done = apply(TEXT, actions[0].edit.changes[URI], client.encoding)
    # The model stamps the task and sinks its list (only the line acted on is rewritten).
    assert done == "# Home\n\n- [ ]  Book taxi 📅 2026-11-29 #travel\n- buy milk\n- [x] Pay rent\n- [x] Call mum done:2026-11-21\n"
    converted = apply(TEXT, actions[3].edit.changes[URI], client.encoding)
    assert converted.endswith("- [ ] buy milk\n")


async def test_completion_and_hover_after_emoji(client: LanguageClient):
    text = "- [ ] 👩‍👩‍👧 party 📅 \n"
    await open_document(client, text)
    line = text.split("\n")[0]
    character = len(line.encode("utf-16-le")) // 2 if client.encoding == "utf-16" else len(line.encode())
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=character)))
    items = result.items if hasattr(result, "items") else result
    assert [i.label for i in items][:3] == ["today", "tomorrow", "Sunday"]
    assert items[0].text_edit.new_text == TODAY
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=0, character=3)))
    assert hover.contents.value.startswith("**Open**")


async def test_symbols_and_folding(client: LanguageClient):
    await open_document(client)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=URI)))
    assert [(s.name, s.detail) for s in symbols] == [("Home", "2 open, 1 completed")]
    assert [c.name for c in symbols[0].children] == ["Pay rent", "Book taxi #travel", "Call mum"]
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(
        text_document=types.TextDocumentIdentifier(uri=URI)))
    assert [(f.start_line, f.end_line) for f in folds] == [(0, 5)]
