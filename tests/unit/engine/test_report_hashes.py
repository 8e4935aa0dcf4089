"""Golden report hashes: the same rosters, mission and seed give the same report, byte for byte.

Recorded before the engine was reorganised (issue "One house for every game system"), so any
refactor that changes a dice stream or a report field shows up here. A rules change that is
meant to change battles updates these hashes in the same commit and says why.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from tests.support import SAMPLE_PAIRS as SAMPLES

GOLDEN: dict[tuple[str, str, int, bool], str] = {
    (
        "grimdark",
        "annihilation",
        1,
        True,
    ): "13b5124c5ff92c47cc1fd1a6981af0966dbc9413ee620999fcd87f57c7282d77",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "405caab10f838cd916fb2993b3cfd5ac47cc921837ddf0474b42a041c67a791c",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "b9d36b0251c0f896ffa92a09b61921e3e0c79bfa572aff8d5e522755c0aaab70",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "b994a85b6fdfd4704eaf0b958c8feeb823d9e864bbdc2952c0eb3d97f6905f47",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "dd687b0464f2f9cfe7ca9ac3729681fc31de7b186d2975baef37f02e43036d68",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "b588daf1e18c4c3ce57f44f4a41df2217ebe857ce190ceca8fdbc799d43d8540",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "b46ceaad82bd55703de4adf73e392556ebfda747dc32d0c12665b61086b13c4a",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "0c6b52404d57caee5517d5f8869fd0b82951be0ed98901f1a4b4d49dbaf93607",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "364f820f7f722c6a2d8edc293801849cdf170e6e10684a8b820b6f1724338992",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "f81e58ec954fafa244de54e5df367ffc404baafda943c635f2a2e229c5e5df59",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "c39f289e1c3a87c0d508b93dc58199e42dd46f4002ccec3c9a9834b9dbbe49d8",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "c0a84e8cbf7ef92e73dbba989cefb9383af5a62d4c9e38f42c9dcef7e46907ba",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "54301db8e60b91adc5bc4fef05568e951b5368703f5fa23ef3202cf038b8d1ac",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "13823022f4ae4645197942579f12741ebb583c7df61f7daecccdbb6e0635ebdc",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "ca414ea5e58d254594d87528ce90d329b8493d62960bd5094b65204f0302b578",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "c932dead5d9fd9b82c88e820d45adf3203f67c5a185f5dac631ea4297ce12902",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "2b2700894c5d0155149f3aaa66293a850337d8cf1e9f674a9f488063657d1824",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "0f0c631a3c14bbdd5e07f93fe39c3485bc58333f45021a96849546f00ec8c79e",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "6c7565a5c5de12bced27a84f54e9b942db65905e3b173f9dfd154b15bf7529ef",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "213ca440e74668c9b732d8e78703c3ac96eee21c0e37648829263a0e10a38139",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "7e8524e92a43ba35155b4f36ad04b013cc5d3b05be75cfb5c01692f017ad3754",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "30400188b4864a4dc98504948cd490a46c7867329e8b14f7ddba21adf6563f6e",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "1d616dc8e929716cf1810afe4f5279f2d77d1a12db054f4c20ecebcc40b84e1c",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "485b32758925966d55215ffac9bae4ac838428c786655303486990426c321801",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "9446c711f0eb7a2a489dbb11ea6ddcff3b789fa62a9e039966718a9e7349c862",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "f9e093374596eb754d9abfb24b609dc419a2b26ca596a17dfbf5cc5347c03740",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "3cfeb18cec9caf44477d28a759e472364ea307c39c91451ece24a8f39ea6ce36",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96353ec35fb3403f68d48e37d450feb1c85f7f978638b5b3adb97c8bd054054a",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "d6b9c0cf769f310b7f18b94ba5802017d074b0040b930a0ca6722a6af485c304",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "cbf8a729d6b987a550ee0e0c9cf531e2e5be4a948e895f7e7ff1cf9fa8c1e52f",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "c9b6a38cc3ef06229948388096dc670a09897b3c0d872c7ed384a83dc9dd2538",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "fb5d7342e78902310f62add268d1c704c9746cfa5ee288ceeb010f23ee6684c8",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "1614fd17b6eb535db03d5ed71f6e117111f4569e62c6bf878cb5e9bbb580caec",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "796e16fb041efc1cf74bf4e5e7f3bf62fb4b1a234762aca881abe0a0cde56aba",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "d668e13088df505cf7f9fb023946878ed08d70e1f9a8d8fe9e6eda4d4410f819",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "4510f817520b488ed0a641560fd5df183009e1016f4a1d7bcb755129b72871ec",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "2e86f82d2f26df5918fbc392d59893b75fffddfdca0f8baedd666b4078d7e18a",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "0ba5cfefa485768804d9a4a556916ac3ae7fe30d08b1fe9049d69246905d05f5",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "e32140216ae974893b8a1f5376c1025ea4767ce9a12d705a2a76fce35ca5d6e3",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "61535f330d9258122093a16950126beba3d3da093ec81871dfda838884b1746e",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "0f7b82807f63ccefbf6ff171cb95d00aa5faf35865057fc6015436df58f4c3f9",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "84b11054e2ea38a85ac2ea05bf264bdfd68726222fa8bb2eea48396346604033",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "7a156310405ed492bcb36420bba2d58c4fdb38a3eb576a83ed25fc4440b5e4c6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "3b4dfec4273a39f447f2110420812b568b49f582465b94a89a1b86f3e7a9735a",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "7bdc395c094343be07789c1fd56231f466c941935cd7a8bc722d8e838fb22d04",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "dc30e250034a6ef4186a90fa9acd86f48c9a9e648e0069fd93e7c4ec369cb211",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "a5c66355b8d1741d930b1a6060db1a37813bf8dd6569a8e61f9a4a4f0c711962",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "2bcf9287e2cecaa275fc62b56e8f23c7d15205c2e3b93b2283dff46d5dcd13af",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "45df02115fe75e536c749f0539781bec986fd8c251edd3f169a6eb9b9584f1bb",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "331ee7d59d613edb5fb4a0392ffdc694381629b016910fb3b0885348d74c4786",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "5040998b2b8c9a962c88c01e52120de5106ccbc80bfa3cfe5323f4357a7afba4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "d227fd87b94c8e7b920e8c7741c38be75ddeebd2ab007404ab5ffc9deb00db53",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "a9a760befdb96df2aa7fc3ca67c26c05b637cd3903400ecf478a87849712546a",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "7ec3ec503b2963727a06ac3f9270fd21f4c75fac4da1ad437165a3cf409d63ad",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "246337d67b2ea5d9586f25f7528eb9fc0b68b2a97f1fe0643b395d7b31e2bbf8",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "ab1f5eca63fd67a97c33c6e53e037dfcd6c049ea9c45c56deff4569b392d2561",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "f977ac8b2c1474e64d4b1c1069b9ecefde970430b9e681125e7e941f3342eec4",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "edd7befc4ff19f498283b73275b118906330cdfae4771dde99737017b2c43a8d",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "3b996569838e842db68931d7e210acc6be5133fd0a15ff2924e3c4f399a5719a",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "a93c5f032bdfda6378921a0307966185974c0ef5dea13c179c65862a9e3cee5f",
}


@pytest.mark.parametrize(("slug", "mission", "seed", "log"), sorted(GOLDEN))
def test_report_hash_is_unchanged(slug: str, mission: str, seed: int, log: bool) -> None:
    system = get_system(slug)
    roster_a, roster_b = (sample_roster_data(slug, name) for name in SAMPLES[slug])
    report = system.resolve_battle(
        system.build_army(roster_a), system.build_army(roster_b), mission, seed, log=log
    )
    assert report.report_hash() == GOLDEN[(slug, mission, seed, log)]


def test_every_mission_of_every_system_has_a_golden_hash() -> None:
    covered = {(slug, mission) for slug, mission, _, _ in GOLDEN}
    for slug in SAMPLES:
        for mission in get_system(slug).missions:
            assert (slug, mission) in covered
