"""422 field errors in the request's language (Accept-Language ru, uk, it;
English by default), as rulings are: the field names and the errors' shape
stay, the messages, the problem's title and its detail are translated; and
every message the request schemas can give has its translations."""

import importlib
import pkgutil
import string

import pytest
from marshmallow import Schema, fields, validate

import referee.api
from referee import create_app
from referee.api import field_errors

BAD = {
    "edition": "classic",
    "players": [{"name": ""}, {"name": "Boris", "cash": 5}],
    "variant": "forever",
    "spectator": "yes",
}
EXPECTED = {
    "en": (
        "Unprocessable Entity",
        "The request is not valid; see errors.",
        ["Length must be between 1 and 40.", "A name shows at least one character."],
        "Unknown field.",
        "Must be one of: standard, short, timed.",
        "Not a valid boolean.",
    ),
    "ru": (
        "Необрабатываемый запрос",
        "Запрос неверен; см. errors.",
        ["Длина должна быть от 1 до 40.", "В имени виден хотя бы один символ."],
        "Неизвестное поле.",
        "Допустимые значения: standard, short, timed.",
        "Это не логическое значение (true или false).",
    ),
    "uk": (
        "Запит неможливо обробити",
        "Запит хибний; див. errors.",
        ["Довжина має бути від 1 до 40.", "В імені видно хоча б один символ."],
        "Невідоме поле.",
        "Припустимі значення: standard, short, timed.",
        "Це не логічне значення (true чи false).",
    ),
    "it": (
        "Richiesta non elaborabile",
        "La richiesta non è valida; vedi errors.",
        ["La lunghezza deve essere tra 1 e 40.", "Un nome mostra almeno un carattere."],
        "Campo sconosciuto.",
        "Deve essere uno tra: standard, short, timed.",
        "Non è un valore booleano valido (true o false).",
    ),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app({"REFEREE_DATABASE": str(tmp_path_factory.mktemp("errors") / "db.sqlite3"), "TESTING": True})
    return app.test_client()


@pytest.mark.parametrize(
    "sent, lang", [(None, "en"), ("en", "en"), ("ru", "ru"), ("uk-UA,uk;q=0.9", "uk"), ("it", "it")]
)
def test_the_same_bad_body_is_refused_in_each_language(client, sent, lang):
    response = client.post("/games", json=BAD, headers={"Accept-Language": sent} if sent else {})
    assert response.status_code == 422 and response.headers["Content-Language"] == lang
    title, detail, name, unknown, choice, boolean = EXPECTED[lang]
    body = response.json
    assert (body["title"], body["detail"]) == (title, detail)
    assert body["errors"] == {
        "json": {
            "players": {"0": {"name": name}, "1": {"cash": [unknown]}},
            "variant": [choice],
            "spectator": [boolean],
        }
    }


def test_the_request_s_own_checks_are_translated_too(client):
    body = b'{"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}], "options": {"cash": 1%s}}'
    response = client.post(
        "/games", data=body % (b"0" * 40), content_type="application/json", headers={"Accept-Language": "uk"}
    )
    assert response.status_code == 422
    assert response.json["errors"]["json"]["options"]["cash"] == ["Число не довше за 30 цифр."]


def _schemas() -> list[type[Schema]]:
    for module in pkgutil.iter_modules(referee.api.__path__):
        importlib.import_module(f"referee.api.{module.name}")
    found, todo = [], [Schema]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("referee.api"):
                found.append(sub)
    return found


def _validator_messages(check) -> list[str]:
    if getattr(check, "error", None):
        return [check.error]
    if isinstance(check, validate.Range):  # the instance's messages name its own operators
        return [check.message_min, check.message_max, check.message_all]
    return [v for k, v in vars(type(check)).items() if k.startswith(("message", "default_message")) and v]


def _field_messages(field: fields.Field) -> list[str]:
    found = []
    for message in field.error_messages.values():
        if isinstance(field, fields.DateTime):  # worded with the field's kind and awareness
            for awareness in ("naive", "aware"):
                found.append(message.format(obj_type=field.OBJ_TYPE, awareness=awareness, input="{input}"))
        else:
            found.append(message)
    for check in field.validators:
        found += _validator_messages(check)
    for inner in ("inner", "key_field", "value_field", "nested"):
        sub = getattr(field, inner, None)
        if isinstance(sub, fields.Field):
            found += _field_messages(sub)
    return found


def api_messages() -> set[str]:
    """Every message a request schema's fields and validators can give (serialising ones aside)."""
    found = set()
    for schema in _schemas():
        instance = schema()
        found.update(instance.error_messages.values())
        for field in instance.fields.values():
            found.update(_field_messages(field))
    return {m for m in found if "cannot be formatted" not in m}


def test_every_message_the_request_schemas_give_is_translated_with_its_values():
    catalogue = field_errors.catalogue()
    assert api_messages() - set(catalogue) == set()
    for english, translations in catalogue.items():
        values = {name for _, name, _, _ in string.Formatter().parse(english) if name}
        assert set(translations) == {"ru", "uk", "it"}, english
        for lang, text in translations.items():
            assert {name for _, name, _, _ in string.Formatter().parse(text) if name} == values, (english, lang)


@pytest.mark.parametrize(
    "lang, missing, extra",
    [
        ("en", "required by bid", "not used by bid"),
        ("ru", "обязательно для bid", "не используется в bid"),
        ("uk", "обов’язкове для bid", "не використовується в bid"),
        ("it", "obbligatorio per bid", "non usato da bid"),
    ],
)
def test_an_action_missing_its_own_field_or_sending_another_s_is_told_so_in_the_reader_s_language(
    client, lang, missing, extra
):
    created = client.post("/games", json={"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]})
    game, token = created.json["id"], created.json["token"]
    response = client.post(
        f"/games/{game}/actions",
        json={"type": "bid", "seat": 0, "dice": [1, 2]},
        headers={"Authorization": f"Bearer {token}", "Accept-Language": lang},
    )
    assert response.status_code == 422 and response.headers["Content-Language"] == lang
    assert response.json["errors"]["json"] == {"amount": [missing], "dice": [extra]}
