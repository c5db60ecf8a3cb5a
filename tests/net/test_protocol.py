"""The wire format of DESIGN D4 / docs/PROTOCOL.md: lines, limits, field checks, addresses."""

from __future__ import annotations

import json

import pytest

from game.net import protocol as proto
from game.net.protocol import LineReader, ProtocolError, check_client_message, decode_line, parse_address


def test_line_reader_splits_lines_across_chunks_and_skips_blank_lines():
    reader = LineReader(limit=10)
    assert reader.feed(b'{"a":1}\n{"b"') == [b'{"a":1}']
    assert reader.feed(b":2}\r\n\n  \n") == [b'{"b":2}']


def test_line_reader_refuses_an_overlong_line_once_and_recovers():  # D4: at most 64 KiB per line
    reader = LineReader(limit=10)
    assert reader.feed(b"x" * 8) == []
    assert reader.feed(b"y" * 8) == [None]
    assert reader.feed(b"z" * 100) == []
    assert reader.feed(b"zz\nok\n") == [b"ok"]
    assert reader.feed(b"a" * 11 + b"\n") == [None]


def test_max_line_is_64_kib():
    assert proto.MAX_LINE == 65536 and proto.DEFAULT_PORT == 41692


@pytest.mark.parametrize(
    "raw, code",
    [
        (b"\xff\xfe", "bad_json"),
        (b"{nope", "bad_json"),
        (b"[1,2]", "not_object"),
        (b'{"type": 3}', "not_object"),
        (b'"hello"', "not_object"),
        (b"[" * 5000 + b"]" * 5000, "bad_json"),
        (b'{"type":"ping","x":NaN}', "bad_json"),
        (b"9" * 6000, "bad_json"),
    ],
)
def test_decode_refuses_what_is_not_a_message(raw, code):
    with pytest.raises(ProtocolError) as exc:
        decode_line(raw)
    assert exc.value.code == code


@pytest.mark.parametrize(
    "message, code",
    [
        ({"type": "dance"}, "unknown_type"),
        ({"type": "hello", "version": 1}, "bad_field"),
        ({"type": "hello", "name": 5, "version": 1}, "bad_field"),
        ({"type": "hello", "name": "Ann", "version": 3}, "version"),
        ({"type": "hello", "name": "Ann", "version": True}, "bad_field"),
        ({"type": "hello", "name": "Ann", "version": 1, "token": 7}, "bad_field"),
        ({"type": "hello", "name": "Ann", "version": 1, "spectate": "yes"}, "bad_field"),
        ({"type": "command", "state_id": "3", "command": {"type": "pass"}}, "bad_field"),
        ({"type": "command", "state_id": -1, "command": {"type": "pass"}}, "bad_field"),
        ({"type": "command", "state_id": 3, "command": ["pass"]}, "bad_field"),
        ({"type": "command", "state_id": 3, "command": {"kind": "pass"}}, "bad_field"),
        ({"type": "chat", "text": "x" * 201}, "bad_field"),
        ({"type": "chat"}, "bad_field"),
        ({"type": "ready", "ready": 1}, "bad_field"),
    ],
)
def test_wrongly_typed_fields_are_refused_with_a_code(message, code):
    with pytest.raises(ProtocolError) as exc:
        check_client_message(message)
    assert exc.value.code == code and exc.value.code in proto.ERROR_CODES


def test_good_messages_pass_and_extra_fields_are_ignored():
    for message in (
        {"type": "hello", "name": "Ann", "version": 1, "colour": "red"},
        {"type": "command", "state_id": 0, "command": {"type": "pass"}},
        {"type": "chat", "text": "hi"},
        {"type": "ping"},
        {"type": "ready"},
        {"type": "start"},
    ):
        assert check_client_message(message) is message


def test_encode_is_one_line_of_utf8_json():
    data = proto.encode({"type": "chat", "text": "Grüße\nzwei"})
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert json.loads(data) == {"type": "chat", "text": "Grüße\nzwei"}


@pytest.mark.parametrize(
    "text, host, port",
    [
        ("127.0.0.1", "127.0.0.1", 41692),
        ("127.0.0.1:5000", "127.0.0.1", 5000),
        ("[::1]:7", "::1", 7),
        ("::1", "::1", 41692),
        ("table.local", "table.local", 41692),
    ],
)
def test_addresses_parse(text, host, port):
    assert parse_address(text) == proto.Address(host, port)


@pytest.mark.parametrize("text", ["", "host:", "host:http", "host:70000", "a b:1", "[::1", "host:0", "x/y"])
def test_bad_addresses_are_refused_in_one_line(text):
    with pytest.raises(ValueError) as exc:
        parse_address(text)
    assert "\n" not in str(exc.value)


def test_encode_survives_a_lone_surrogate():
    data = proto.encode({"type": "chat", "text": "a\ud83db"})
    assert json.loads(data)["text"] == "a\ud83db"
