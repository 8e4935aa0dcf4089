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
    ): "11ef5d13fe862f71119d2cdbd610c30725f45b25fcd6c8d9d2832450661bcbd6",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "4be9e949ef7f6457a421c43de4d54e20fef066f71d4ec7dba533a89b0b266788",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "0eb6a43bdc17ca56cc3350c3c371ac069f697d2a312f78274499a623c29f26f9",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "06b5810753f46f7bfad809d71f16bf4b58fd2b9e71f0ef875a9744c6366d159a",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "823a6f747b15730b04b14fd658cf355d04a9fd7ba73b335631e3dffd45169acd",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "ed72b66f8b19a22173e8b8da08f58ade37a71665a496b9531f04afb97da2e769",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "bbca30427d644e11244c8b0b7c5de63b0eda4f41697bac4509ecb19960a7bf3a",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "590fcd5ac0b62b59250e615f19a1a8b4b61aa1a7a06a06ea42259a53829b04dd",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "b21dc3b496048a6baf7a7ec7be3ec577c958155de9537f0e9cef3719eff552eb",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "d43beea800d7251bd2af8a920f4ad934c9b74ef1b6b72d97403771864d70177f",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "2fa28e79c0030354fb846d0a0333eed6dbae97cb240c4d78498867885cebbf99",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "e748f4a6a5086f71eee999bb21480b2f7c76a6aed0a27cca340898b84698e834",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "cb14e8c3c3573445793f466d310dd5f9add582b8d7921da31bd2f24cdb20277c",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "b97b2c168985e3881ffc0b9cab8a6cb13b19ca32054b3ee29af8b76faed2ec7a",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "a806ded355941103aed44020bc96719aa7b240235a2d66ec339e87b683e47a89",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "87f43e6508dd064f50fdc501cbdc464a2c3ba463e4b2cd4178dd2ce9e085d7e8",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "51e565ea081d710e33ccc10215bdfe16ee37d7ada47ef4e5c47135f5dcb70bab",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "120af4e4045b706a2c8397953d6cb35d4d7572764df99afd4a179774f324b827",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "308ac8cee664e4efd2fa9697e030efd2d7cbd3393594d87a7949ceda84009f74",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "d87b98a992b83feceb3d24bf9d91d4ddbf43aee1892090126d50395c5f8babdb",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "da4df2f6f6a44b2e66da6727d1ba90f0d10744b25d402659f599ef303def412a",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "aaf1131c8caa7808398c03600a91ffa73d84b1a92ce538bbd81a6120df6bd536",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "ec90e046850be798ecd29ebcdd88672661a5bebbddf1c3e5afe9493034d34bb9",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "7838520db2b8e7ee84a1c63d48b34ce32bd01d9f753fd1b8fc5ded92f0b1c4ca",
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
    ): "4a2aa2002f18f55be48263e1e6e7c34732098c159546eb7e8c2484b0ace9899c",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "dd829a94017abc78b3dac1dfb5cf8cd24a159f1a650763874bd45acb9a8c8a68",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "1294df2c96b792f5e04be53a6b95a6c4739a7b703ff00525fcce854ce7ad38b1",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "1abef814c95bdab2c225f8dde0c5b351db9774e6078a2faa0a653eda7fa55fc1",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "b9c7054f149a7d57039171c2947d80a0b4c81615591e8c75f9ec263fc984eb07",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "6dfe7a2018fef0e6860345c0b826290db3b915c61a4771b5f9de7ffc31ddb3a0",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "62eab2afe7f52264a8362b35266065ced1bdb96159de17bc8a936f3f67f766eb",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "b4f8d079f103553bfdcebc897cfebb6964d14fd8a6f9622487883077308bfd96",
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
